// Viewer response of /media/*: the type the key's checked extension says (rules in media-key.js);
// the media response headers policy adds nosniff and a sandboxing CSP.
function handler(event) {
  var response = event.response;
  if (response.statusCode < 300) {
    response.headers['content-type'] = { value: mediaType(event.request.uri) || 'application/octet-stream' };
  }
  return response;
}
