/**
 * The two npm packages that read and check a page's structured data (test/support/structured-data.ts)
 * ship no types: what this project uses of them.
 */
declare module '@marbec/web-auto-extractor' {
  export interface ExtractedData {
    /** The page's <title> and <meta> tags by name or property, their values decoded. */
    metatags: Record<string, string[]>;
    jsonld: Record<string, Record<string, unknown>[]>;
    microdata: Record<string, Record<string, unknown>[]>;
    rdfa: Record<string, Record<string, unknown>[]>;
    errors?: { format: string; message: string }[];
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): ExtractedData;
  }
}

declare module '@adobe/structured-data-validator' {
  import type { ExtractedData } from '@marbec/web-auto-extractor';
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    rootType?: string;
    fieldNames?: string[];
    path?: { type?: string; property?: string; index?: number }[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
