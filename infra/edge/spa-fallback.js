// The viewer-request function of the web bucket's behaviour (infra/constructs/web-distribution.ts),
// which the local gateway runs too (infra/edge/spa-fallback.ts). A path naming no file (no dot in
// its last segment) is a client route of the shop's app: index.html. The one exception is
// /verify, the passport's own small page (docs/passport.md): verify.html.
// CloudFront Functions (cloudfront-js-2.0) take one file without modules: plain functions only.
var VERIFY_PATHS = ['/verify', '/verify/'];

function pageOf(uri) {
  if (VERIFY_PATHS.indexOf(uri) !== -1) return '/verify.html';
  var last = uri.split('/').pop();
  return last.indexOf('.') === -1 ? '/index.html' : uri;
}

function handler(event) {
  var request = event.request;
  request.uri = pageOf(request.uri);
  return request;
}
