// The OpenAPI document tells the truth about errors: every answer other than a success is an
// RFC 9457 problem, served as application/problem+json (problem-details.ts).
type Responses = Record<string, { content?: Record<string, unknown> }>;
type Document = { paths?: Record<string, Record<string, { responses?: Responses }>> };

export function errorsAsProblemJson<T>(document: T): T {
  for (const operations of Object.values((document as Document).paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.["application/json"];
        if (Number(status) >= 400 && json) response.content = { "application/problem+json": json };
      }
    }
  }
  return document;
}
