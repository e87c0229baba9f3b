// Viewer request of /media/*: the key, checked, or 404 (rules in media-key.js).
function handler(event) {
  var request = event.request;
  var key = mediaKey(request.uri);
  if (key === null) return { statusCode: 404, statusDescription: 'Not Found' };
  request.uri = originPath(key);
  request.querystring = {};
  return request;
}
