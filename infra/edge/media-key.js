// The media path rules shared by the CloudFront Functions of /media/* (media-request.js,
// media-response.js) and the local gateway; infra/edge/media-path.ts joins each handler to this
// code, and test/security/media-paths.test.ts runs the result against a table of hostile paths.
// CloudFront Functions (cloudfront-js-2.0) take one file without modules: plain functions only.
//
// /media/<key> is served only when <key>, decoded completely, is a plain path under a public
// prefix with an allowed extension: no dot segments, no empty segments, no backslash, no
// control character, no '?', '#' or '%' left after decoding. The origin is asked for the key
// re-encoded segment by segment, with no query string, and the answer says the type its
// extension says, whatever the object was stored with.
var MEDIA_PREFIX = '/media/';
var PUBLIC_PREFIXES = ['collection_images/', 'videos/'];
var MEDIA_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};
var MAX_DECODES = 4;

function mediaKey(uri) {
  if (typeof uri !== 'string' || uri.indexOf(MEDIA_PREFIX) !== 0 || uri.length > 1024) return null;
  var key = uri.slice(MEDIA_PREFIX.length);
  for (var i = 0; i < MAX_DECODES && key.indexOf('%') !== -1; i++) {
    try {
      key = decodeURIComponent(key);
    } catch (e) {
      return null;
    }
  }
  if (key.indexOf('%') !== -1) return null;
  if (/[\u0000-\u001f\u007f\\?#]/.test(key)) return null;
  var segments = key.split('/');
  for (var s = 0; s < segments.length; s++) {
    var segment = segments[s];
    if (segment === '' || segment === '.' || segment === '..' || segment.trim() !== segment) return null;
  }
  var publicPrefix = false;
  for (var p = 0; p < PUBLIC_PREFIXES.length; p++)
    if (key.indexOf(PUBLIC_PREFIXES[p]) === 0) publicPrefix = true;
  if (!publicPrefix) return null;
  if (!mediaType(key)) return null;
  return key;
}

function mediaType(key) {
  var dot = key.lastIndexOf('.');
  if (dot === -1) return null;
  var extension = key.slice(dot + 1).toLowerCase();
  return Object.prototype.hasOwnProperty.call(MEDIA_TYPES, extension) ? MEDIA_TYPES[extension] : null;
}

function originPath(key) {
  return '/' + key.split('/').map(encodeURIComponent).join('/');
}
