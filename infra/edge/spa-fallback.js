// The viewer-request function of the web bucket's behaviour (infra/constructs/web-distribution.ts),
// which the local gateway runs too (infra/edge/spa-fallback.ts). A public page rendered ahead of
// time (issue 47, shared/pages/public-pages.ts), asked at its canonical address, is its rendered
// file under /pages/. Any other path naming no file (no dot in its last segment) is a client
// route of the shop's app: index.html. The one exception is /verify, the passport's own small
// page (docs/passport.md): verify.html.
// CloudFront Functions (cloudfront-js-2.0) take one file without modules: plain functions only.
var VERIFY_PATHS = ['/verify', '/verify/'];

var FIXED_PAGES = {
  '/home': 'home',
  '/women': 'women',
  '/women/': 'women',
  '/men': 'men',
  '/men/': 'men',
  '/draws': 'draws',
};

// shared/pages/public-pages.ts's CONTENT_PATHS, written in when the code is read (spa-fallback.ts).
var CONTENT_PATHS = [];

var ID = /^[A-Za-z0-9_-]{1,100}$/;

// Queries come as CloudFront hands them ({ name: { value } }), or as the local gateway does.

// The inputs the app's own links to a piece carry beside its id (web/src: navTarget('/products/
// productdetails', …)), each with the form the app writes. An address a shopper copies from the
// bar is the same piece: its rendered file, whose head names the canonical address.
var PIECE_INPUTS = {
  type: ID,
  gender: /^[012]$/,
  areaAmount: /^[0-9]{1,2}$/,
  size: /^([A-Za-z0-9._+ -]|%20){1,40}$/,
  singleProduct: /^(true|false)$/,
};

// The piece a productdetails query names: productId, and else only app inputs, each once.
function pieceOf(query) {
  var names = Object.keys(query || {});
  var productId;
  for (var i = 0; i < names.length; i++) {
    var name = names[i];
    var entry = query[name];
    var form =
      name === 'productId'
        ? ID
        : Object.prototype.hasOwnProperty.call(PIECE_INPUTS, name)
          ? PIECE_INPUTS[name]
          : undefined;
    if (!form || !entry || entry.multiValue || !form.test(entry.value)) return undefined;
    if (name === 'productId') productId = entry.value;
  }
  return productId;
}

function renderedPage(uri, query) {
  var bare = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (names(query) === 0) {
    if (FIXED_PAGES[uri]) return '/pages/' + FIXED_PAGES[uri] + '.html';
    if (CONTENT_PATHS.indexOf(bare) !== -1) return '/pages/content' + bare + '.html';
    var draw = /^\/draw\/([^/]+)$/.exec(uri);
    if (draw && ID.test(draw[1])) return '/pages/draws/' + draw[1] + '.html';
  }
  if (uri === '/products/productdetails') {
    var productId = pieceOf(query);
    if (productId) return '/pages/pieces/' + productId + '.html';
  }
  var folder = COLLECTION_FOLDERS[uri];
  if (folder) {
    var collection = typeAndGender(query);
    if (collection) return '/pages/' + folder + '/' + collection.type + '/' + collection.gender + '.html';
  }
  return undefined;
}

// A collection's landing, a single collection's list of pieces: their folders under /pages/.
var COLLECTION_FOLDERS = {
  '/products/productrelated': 'collections',
  '/products/singleproducts': 'singles',
};

// The canonical query of a collection's page: type and gender (0 or 1), each once, nothing else.
// In either order: CloudFront does not promise the order of the query object's names (the page
// hydrates only at its address exactly; at the other order the app renders it afresh).
function typeAndGender(query) {
  if (names(query) !== 2) return undefined;
  var type = query.type;
  var gender = query.gender;
  if (!type || type.multiValue || !ID.test(type.value)) return undefined;
  if (!gender || gender.multiValue) return undefined;
  if (gender.value === '0') return { type: type.value, gender: 'women' };
  if (gender.value === '1') return { type: type.value, gender: 'men' };
  return undefined;
}

function names(query) {
  return Object.keys(query || {}).length;
}

function pageOf(uri, query) {
  if (VERIFY_PATHS.indexOf(uri) !== -1) return '/verify.html';
  var rendered = renderedPage(uri, query);
  if (rendered) return rendered;
  var last = uri.split('/').pop();
  return last.indexOf('.') === -1 ? '/index.html' : uri;
}

function handler(event) {
  var request = event.request;
  request.uri = pageOf(request.uri, request.querystring);
  return request;
}
