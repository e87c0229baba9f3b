// The viewer-response function of the web bucket's behaviour (infra/constructs/web-distribution.ts),
// whose rule the local gateway runs too (infra/edge/page-response.ts). A page rendered ahead of time
// (issue 47) answers with the status its object's metadata gives: 404 for a piece the shop no
// longer has (functions/pages/adapters/web-files.ts writes `x-amz-meta-status`); the metadata
// itself is not shown. Any other answer passes as it is.
// CloudFront Functions (cloudfront-js-2.0) take one file without modules: plain functions only.
var PAGE_STATUSES = { 404: 'Not Found', 410: 'Gone' };

function pageStatus(metadata) {
  return PAGE_STATUSES[metadata] ? Number(metadata) : undefined;
}

function handler(event) {
  var response = event.response;
  var header = response.headers['x-amz-meta-status'];
  if (header) {
    var status = pageStatus(header.value);
    if (status && response.statusCode === 200) {
      response.statusCode = status;
      response.statusDescription = PAGE_STATUSES[status];
    }
    delete response.headers['x-amz-meta-status'];
  }
  return response;
}
