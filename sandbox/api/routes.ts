import type { Hono } from "hono";
import { z } from "zod";
import { BODY_TOO_LARGE, jsonError, splitList, type Ctx, type SandboxEnv } from "../http.js";
import { refusedAccess, withApiKey, type Access } from "./credentials.js";
import { SCOPES } from "../scopes.js";
import { describeFirstIssue } from "../../lib/personalization/schema.js";

export const API_KEY_PREFIX = "/v3/application/";

/** docs/marketplace.md §7.9: always `<field>: <reason>`; an issue with the whole body names `body`. */
export function validationMessage(error: z.core.$ZodError) {
  const message = describeFirstIssue(error);
  return error.issues[0]?.path.length ? message : `body: ${message}`;
}

export type BodyReader = { contentTypes: string[]; read: (c: Ctx) => Promise<unknown> };

export type Reply = {
  description: string;
  schema?: z.ZodType;
  example?: () => unknown;
};

type Shape = z.ZodObject;

export type RouteInput<P, Q, B> = {
  params: P;
  query: () => Q | Response;
  body: <S extends z.core.$ZodType = never>(
    schema?: S,
  ) => Promise<([S] extends [never] ? B : z.core.output<S>) | Response>;
};

export type RouteSpec<P extends Shape, Q extends Shape, B extends z.core.$ZodType> = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  access: Access;
  params?: P;
  query?: Q;
  body?: { schema: B; reader: BodyReader };
  responses: Record<number, Reply>;
  handler: (c: Ctx, input: RouteInput<z.output<P>, z.output<Q>, z.core.output<B>>) => Response | Promise<Response>;
};

export type Route = Omit<RouteSpec<Shape, Shape, z.core.$ZodType>, "handler"> & {
  handle: (c: Ctx) => Response | Promise<Response>;
};

export function defineRoute<
  P extends Shape = z.ZodObject<Record<never, never>>,
  Q extends Shape = z.ZodObject<Record<never, never>>,
  B extends z.core.$ZodType = z.ZodUnknown,
>(spec: RouteSpec<P, Q, B>): Route {
  const { handler, ...declared } = spec;
  const arrays = new Set(
    Object.entries(spec.query?.shape ?? {})
      .filter(([, field]) => jsonSchema(field as z.ZodType, "output").type === "array")
      .map(([name]) => name),
  );
  const handle = (c: Ctx) => {
    const parsed = spec.params ? spec.params.safeParse(c.req.param()) : { success: true as const, data: {} };
    if (!parsed.success)
      return jsonError(
        c,
        404,
        parsed.error.issues[0]?.message ?? `No endpoint ${c.req.method} ${c.req.path} in the sandbox.`,
      );
    // Methods, not arrow functions: tsx (keepNames) would name each new closure with Object.defineProperty, per request.
    const input = {
      params: parsed.data,
      query(): z.output<Q> | Response {
        if (!spec.query) return {} as z.output<Q>;
        const values = queryValues(c.req.url, arrays);
        if (typeof values === "string") return jsonError(c, 400, values);
        const query = spec.query.safeParse(values);
        return query.success
          ? query.data
          : jsonError(c, 400, query.error.issues[0]?.message ?? "The query is invalid.");
      },
      async body(schema?: z.core.$ZodType) {
        if (!spec.body) return undefined;
        const raw = await spec.body.reader.read(c);
        if (raw instanceof Response) return raw;
        const body = z.safeParse(schema ?? spec.body.schema, raw);
        return body.success ? body.data : jsonError(c, 400, validationMessage(body.error));
      },
    };
    return handler(c, input as RouteInput<z.output<P>, z.output<Q>, z.core.output<B>>);
  };
  return { ...(declared as Omit<Route, "handle">), handle };
}

/**
 * docs/marketplace.md §10: an array parameter is read comma-joined (includes=a,b) or bracketed as generated clients send
 * it (includes[]=a&includes[]=b, axios's default), as the same list; any other parameter is read once.
 */
function queryValues(url: string, arrays: ReadonlySet<string>): Record<string, string> | string {
  const values: Record<string, string> = {};
  const at = url.indexOf("?");
  if (at === -1) return values;
  for (const [key, value] of new URLSearchParams(url.slice(at + 1))) {
    const name = key.endsWith("[]") ? key.slice(0, -2) : key;
    if (!arrays.has(name)) {
      if (name !== key) return `${key}: ${name} is not an array parameter; send it once, as ${name}=<value>.`;
      values[name] ??= value;
    } else values[name] = values[name] === undefined ? value : `${values[name]},${value}`;
  }
  return values;
}

export function mountRoutes(app: Hono<SandboxEnv>, routes: readonly Route[]) {
  const operationIds = new Set<string>();
  for (const route of routes) {
    if (operationIds.has(route.operationId)) throw new Error(`Two sandbox routes are named ${route.operationId}.`);
    operationIds.add(route.operationId);
    const handle = (c: Ctx) => refusedAccess(c, route.access) ?? route.handle(c);
    app.on(
      route.method.toUpperCase(),
      [route.path],
      route.path.startsWith(API_KEY_PREFIX) ? (c) => withApiKey(c, handle) : handle,
    );
  }
}

export function openApiPath(honoPath: string) {
  return honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, "{$1}");
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): JsonSchema {
  const document = z.toJSONSchema(schema, { io, target: "openapi-3.0", unrepresentable: "any" }) as JsonSchema;
  delete document.$schema;
  return document;
}

function parameters(where: "path" | "query", shape: Shape | undefined) {
  if (!shape) return [];
  return Object.entries(shape.shape).map(([name, field]) => {
    const { description, ...rest } = jsonSchema(field as z.ZodType, "output");
    const required = where === "path" || !(field as z.ZodType).safeParse(undefined).success;
    const list = rest.type === "array" ? { style: "form", explode: false } : {};
    return { name, in: where, required, ...(description ? { description } : {}), ...list, schema: rest };
  });
}

function security(route: Route) {
  if (!route.path.startsWith(API_KEY_PREFIX)) return [];
  const access = route.access;
  if (access.token === "none") return [{ apiKey: [] }];
  if (access.token === "optional") return [{ apiKey: [] }, { apiKey: [], oauth2: [] }];
  return [{ apiKey: [], oauth2: access.scope ? [access.scope] : [] }];
}

function operation(route: Route) {
  const body = route.body;
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description && { description: route.description }),
    tags: route.tags,
    ...(route.deprecated && { deprecated: true }),
    security: security(route),
    parameters: [...parameters("path", route.params), ...parameters("query", route.query)],
    ...(body && {
      requestBody: {
        required: true,
        content: Object.fromEntries(
          body.reader.contentTypes.map((type) => [type, { schema: jsonSchema(body.schema, "input") }]),
        ),
      },
    }),
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, reply]): [string, unknown] => [
        status,
        {
          description: reply.description,
          ...(reply.schema && {
            content: {
              "application/json": {
                schema: jsonSchema(reply.schema, "output"),
                ...(reply.example && { example: reply.example() }),
              },
            },
          }),
        },
      ]),
    ),
  };
}

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, ReturnType<typeof operation>>>;
  components: { securitySchemes: Record<string, unknown> };
};

export function openApiDocument(routes: readonly Route[], serverUrl = "http://localhost:4010"): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Marketplace sandbox",
      version: "3",
      description:
        "The endpoints of the marketplace API v3 that the sandbox emulates, generated from the definitions it validates requests with.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description: "keystring:shared_secret of the application",
        },
        oauth2: {
          type: "oauth2",
          description: "Authorization: Bearer <user_id>.<token>, from the authorization code grant with PKCE (S256).",
          flows: {
            authorizationCode: {
              authorizationUrl: `${serverUrl}/oauth/connect`,
              tokenUrl: `${serverUrl}/v3/public/oauth/token`,
              scopes: SCOPES,
            },
          },
        },
      },
    },
  };
}

export const errorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

export const reply = (description: string, schema?: z.ZodType, example?: () => unknown): Reply => ({
  description,
  schema,
  ...(example ? { example } : {}),
});

const REFUSALS: Record<number, { description: string; example: z.output<typeof errorSchema> }> = {
  400: {
    description: "The request is invalid; error says which field and why.",
    example: { error: "Limit must be a whole number from 1 to 100." },
  },
  401: {
    description: "Missing or invalid API key, or a missing, invalid or expired access token.",
    example: { error: "invalid_token", error_description: "access token is expired" },
  },
  403: {
    description: "Wrong shared secret, a token without the scope, or a resource of another user.",
    example: { error: "insufficient_scope", error_description: "Insufficient scope" },
  },
  404: {
    description: "No such resource, or not visible to this caller.",
    example: { error: "Listing 1000000031 does not exist or is not visible to this caller." },
  },
  413: { description: "The body is larger than 64 KB.", example: { error: BODY_TOO_LARGE } },
  415: {
    description: "The body has the wrong content type.",
    example: { error: "Content-Type must be application/json." },
  },
  429: {
    description: "Rate limit reached; retry-after says when to try again.",
    example: { error: "This application is limited to 10 requests per second. Try again in 1 second." },
  },
};

export function refusals(...statuses: number[]): Record<number, Reply> {
  return Object.fromEntries(
    statuses.map((status) => {
      const refusal = REFUSALS[status];
      return [status, reply(refusal?.description ?? "Refused.", errorSchema, refusal && (() => refusal.example))];
    }),
  );
}

export const idParam = (description: string, notFound?: (raw: string) => string) =>
  z
    .string()
    .regex(/^\d+$/, notFound ? { error: (issue) => notFound(String(issue.input)) } : undefined)
    .transform(Number)
    .pipe(z.number().meta({ type: "integer", format: "int64" }))
    .meta({ description });

/** docs/marketplace.md §10.4: the live API's words for a value outside an enum. */
export const enumRefusal = (value: string, values: readonly string[]) =>
  `Invalid value (${value}) for enum(${values.join(", ")})`;

const enumMatch = <V extends readonly string[]>(values: V, raw: string): V[number] | undefined =>
  values.find((candidate) => candidate.toLowerCase() === raw.toLowerCase());

/** One of `values` (as the OAS lists them), matched without regard to case; callers add `.optional()` or a default. */
export const enumValue = <const V extends readonly [string, ...string[]]>(values: V) =>
  z
    .string()
    .transform((raw, ctx): string => {
      const value = enumMatch(values, raw);
      if (value !== undefined) return value;
      ctx.issues.push({ code: "custom", message: enumRefusal(raw, values), input: raw });
      return z.NEVER;
    })
    .pipe(z.enum(values) as unknown as z.ZodType<V[number], string>);

/** A comma-separated list of `values` (docs/marketplace.md §10.3: case-insensitive), each checked as an enum. */
export const enumListQuery = <const V extends readonly [string, ...string[]]>(values: V, description: string) =>
  z
    .string()
    .transform((raw, ctx) => {
      const found: V[number][] = [];
      for (const part of splitList(raw)) {
        const value = enumMatch(values, part);
        if (value === undefined) {
          ctx.issues.push({ code: "custom", message: enumRefusal(part, values), input: raw });
          return z.NEVER;
        }
        if (!found.includes(value)) found.push(value);
      }
      return found;
    })
    .pipe(z.array(z.enum(values)))
    .optional()
    .meta({ description });

/** A number in the query (the OAS's `float`): anything else is refused as the live API refuses it. */
export const floatQuery = (name: string, description: string) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `Expected float value for ${name}`)
    .transform(Number)
    .pipe(z.number().min(0).meta({ type: "number", format: "float" }))
    .optional()
    .meta({ description });

/** A whole number in the query: anything else is refused as the live API refuses it, a number out of range with `message`. */
export const integerValue = (options: {
  name: string;
  min?: number;
  max?: number;
  message: string;
  overMax?: string;
}) =>
  z
    .string()
    .regex(/^-?\d+$/, `Expected int value for ${options.name}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(options.min ?? 0, options.message)
        .max(options.max ?? Number.MAX_SAFE_INTEGER, options.overMax ?? options.message)
        .meta({ type: "integer" }),
    );

export const integerQuery = (options: Parameters<typeof integerValue>[0] & { default: number; description: string }) =>
  integerValue(options).default(options.default).meta({ description: options.description });

/** docs/marketplace.md §11: every paged read takes 1 to 100 results a page, 25 unless asked. */
export const limitQuery = (description: string) =>
  integerQuery({
    name: "limit",
    min: 1,
    max: 100,
    default: 25,
    message: "Limit must be a whole number from 1 to 100.",
    description,
  });
