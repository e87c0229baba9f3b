import Validator, { type ValidationIssue } from '@adobe/structured-data-validator';
import WebAutoExtractor, { type ExtractedData } from '@marbec/web-auto-extractor';

/**
 * A page's structured data as a search engine's tester reads it: extracted from the HTML by
 * @marbec/web-auto-extractor (JSON-LD, microdata, RDFa), then checked by Adobe's
 * @adobe/structured-data-validator against Google's rich-result rules for each type (Product,
 * Offer, Brand…: required and recommended fields and their types). Without schema.org's
 * vocabulary file (it is fetched from schema.org, which this machine cannot reach) the
 * validator does not check that every property exists on its type.
 */
export async function checkStructuredData(
  html: string,
): Promise<{ data: ExtractedData; errors: ValidationIssue[]; warnings: ValidationIssue[] }> {
  const data = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
  // The validator deletes what it reads (each item's location): it gets a copy.
  const issues = await new Validator().validate(structuredClone(data));
  return {
    data,
    errors: issues.filter((issue) => issue.severity === 'ERROR'),
    warnings: issues.filter((issue) => issue.severity === 'WARNING'),
  };
}
