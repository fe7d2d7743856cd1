import { Ajv } from "ajv";

const nameValues = { type: "array", items: { type: "object", required: ["name", "value"] } };
const content = {
  type: "object",
  required: ["size", "mimeType"],
  properties: { size: { type: "integer" }, mimeType: { type: "string" }, text: { type: "string" } },
};
/** The HAR 1.2 shape (http://www.softwareishard.com/blog/har-12-spec/): what every entry must have. */
const HAR_1_2 = {
  type: "object",
  required: ["log"],
  properties: {
    log: {
      type: "object",
      required: ["version", "creator", "entries"],
      properties: {
        version: { const: "1.2" },
        creator: { type: "object", required: ["name", "version"] },
        entries: {
          type: "array",
          items: {
            type: "object",
            required: ["startedDateTime", "time", "request", "response", "cache", "timings"],
            properties: {
              startedDateTime: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}" },
              time: { type: "number", minimum: 0 },
              request: {
                type: "object",
                required: [
                  "method",
                  "url",
                  "httpVersion",
                  "cookies",
                  "headers",
                  "queryString",
                  "headersSize",
                  "bodySize",
                ],
                properties: {
                  url: { type: "string", pattern: "^https?://" },
                  headers: nameValues,
                  queryString: nameValues,
                  postData: { type: "object", required: ["mimeType"], properties: { text: { type: "string" } } },
                },
              },
              response: {
                type: "object",
                required: [
                  "status",
                  "statusText",
                  "httpVersion",
                  "cookies",
                  "headers",
                  "content",
                  "redirectURL",
                  "headersSize",
                  "bodySize",
                ],
                properties: { status: { type: "integer" }, headers: nameValues, content },
              },
              cache: { type: "object" },
              timings: {
                type: "object",
                required: ["send", "wait", "receive"],
                properties: { send: { type: "number" }, wait: { type: "number" }, receive: { type: "number" } },
              },
            },
          },
        },
      },
    },
  },
};
/** Whether a parsed file is HAR 1.2 by the fields the spec requires; its `errors` say which are missing. */
export const validHar = new Ajv({ allErrors: true, strict: false }).compile(HAR_1_2);
