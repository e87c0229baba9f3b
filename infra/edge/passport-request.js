// Viewer request of /passport/* and /.well-known/passport-keys.json (docs/passport.md): the
// passport's public files in the media bucket, under passport/. The key set's well-known name is
// passport/keys.json; everything else keeps its path, if it is one of the passport's files.
var PASSPORT_FILE =
  /^\/passport\/(keys\.json|status\/list|log\/checkpoint|log\/checkpoints\.txt|log\/checkpoints\/[0-9]{1,16}|log\/tile\/(entries|[0-9]{1,2})\/(x[0-9]{3}\/)*[0-9]{3}(\.p\/[0-9]{1,3})?|photos\/[A-Za-z0-9_-]{1,64}\/[0-9a-f]{64}\.(jpg|jpeg|png|webp|avif)|export\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99})$/;

// The release draws' public files (docs/draw.md): /passport/draws/<id>/<file> is draws/<id>/<file>.
var DRAW_FILE = /^\/passport(\/draws\/d-[A-Za-z0-9_-]{22}\/(entries\.txt|witnessed\.json|result\.json))$/;

function passportKey(uri) {
  if (uri === '/.well-known/passport-keys.json') return '/passport/keys.json';
  var draw = DRAW_FILE.exec(uri);
  if (draw) return draw[1];
  return PASSPORT_FILE.test(uri) && uri.indexOf('..') === -1 ? uri : null;
}

function handler(event) {
  var request = event.request;
  var key = passportKey(request.uri);
  if (key === null) return { statusCode: 404, statusDescription: 'Not Found' };
  request.uri = key;
  request.querystring = {};
  return request;
}
