// What AI extraction decides for one page, whichever method made the decision.

/** `llm`: an OpenAI-compatible model; `relevance`: the offline extractor (BM25 over the page's blocks). */
export type ExtractionMethod = 'llm' | 'relevance';

export const EXTRACTION_METHODS: readonly ExtractionMethod[] = ['llm', 'relevance'];

export interface PageExtraction {
  /** Whether the page is what the instruction asks for; a page that does not match is not stored. */
  matches: boolean;
  /** Why, in a sentence: shown in the crawl's logs. */
  reason: string;
  /** The part of the page the instruction asks for, as markdown (empty when it does not match). */
  content: string;
  /** With an extraction schema: the data the schema asks for, validated against it; otherwise null. */
  data: unknown;
  /** Model tokens this page cost (prompt and completion); 0 for the offline extractor. */
  tokens: number;
  /** Parts the page was split into to fit the model's context (1 or absent: whole). */
  parts?: number;
}

export interface ExtractionInput {
  instruction: string;
  /** JSON Schema of `data`, or null. */
  schema: Record<string, unknown> | null;
  url: string;
  title: string;
  markdown: string;
}

/** Something that applies an instruction to a page. Throws only when it could not decide (a model that is down). */
export interface PageExtractor {
  readonly method: ExtractionMethod;
  extract(input: ExtractionInput, signal: AbortSignal): Promise<PageExtraction>;
}
