// Checks the web API's OpenAPI document, and optionally answers recorded from the server against it.
//
//   node validate.mjs FILE
//     Validates the document with swagger-parser (the OpenAPI schema plus its own checks): prints
//     "valid: <title> <version>" and exits 0, or prints every error and exits 1.
//
//   node validate.mjs FILE --responses RESPONSES.jsonl
//     Each line of RESPONSES.jsonl is one answer:
//       {"method": "GET", "route": "/api/v1/orders/{id}", "status": 200,
//        "contentType": "application/json", "body": <the parsed JSON body, or null>}
//     The operation is found by route template and method (HEAD: the `head` operation, else GET's),
//     the response by exact status code (else an "NXX" range, else "default"); a JSON body is
//     validated against the response's schema with Ajv (OpenAPI 3.0 `nullable` honoured). Every
//     undocumented route, method or status and every mismatch is reported with its line number
//     (exit 1); otherwise one summary line: "N responses checked against M operations" (exit 0).
//
// Exit codes: 0 valid, 1 invalid document or mismatched answers, 2 wrong usage or unreadable input.

import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';

const usage = 'usage: node validate.mjs OPENAPI_FILE [--responses RESPONSES.jsonl]';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function parseArgs(argv) {
  let file;
  let responses;
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    if (arg === '--responses') {
      if (i + 1 >= argv.length) return null;
      responses = argv[++i];
    } else if (arg.startsWith('--responses=')) {
      responses = arg.slice('--responses='.length);
    } else if (arg === '-h' || arg === '--help' || arg.startsWith('-') || file !== undefined) {
      return null;
    } else {
      file = arg;
    }
  }
  if (!file || responses === '') return null;
  return { file, responses };
}

// --- The document ---------------------------------------------------------------------------------

async function validateDocument(file) {
  try {
    return { api: await SwaggerParser.validate(file) };
  } catch (error) {
    const lines = String(error && error.message ? error.message : error)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    // A schema failure carries Ajv's errors: each with the offending key or value named.
    if (Array.isArray(error?.details) && error.details.length) {
      return { errors: [lines[0] ?? 'schema validation failed', ...error.details.map(describeSchemaError)] };
    }
    return { errors: lines.length ? lines : ['unknown error'] };
  }
}

function describeSchemaError(detail) {
  const where = `#${detail.instancePath ?? ''}`;
  const params = detail.params ?? {};
  let extra = '';
  if (params.additionalProperty !== undefined) {
    extra = `: "${params.additionalProperty}"`;
    // "description: A, B" inside {...} is the key "description" and a key "B".
    if (/\s/.test(params.additionalProperty)) extra += ' (an unquoted comma in a YAML flow mapping?)';
  } else if (params.allowedValues !== undefined) {
    extra = `: ${JSON.stringify(params.allowedValues)}`;
  }
  return `${where} ${detail.message ?? detail.keyword}${extra}`;
}

// --- OpenAPI schema -> JSON Schema for Ajv ----------------------------------------------------------

// OpenAPI-only keywords Ajv would not know (x-* extensions are dropped too).
const OPENAPI_ONLY = new Set(['nullable', 'discriminator', 'xml', 'externalDocs', 'example']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set(['additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else',
  'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// A JSON Schema copy of an OpenAPI 3.0 schema object: `nullable: true` becomes a type union with
// "null" (or an anyOf with {type: null} when the schema has no plain type), boolean
// exclusiveMinimum/exclusiveMaximum become the numeric form, OpenAPI-only keywords go. A schema that
// contains itself (a recursive $ref) accepts anything where it recurs.
function toJsonSchema(schema, converted = new Map(), inProgress = new Set()) {
  if (!isObject(schema)) return schema;
  if (converted.has(schema)) return converted.get(schema);
  if (inProgress.has(schema)) return {};
  inProgress.add(schema);
  const convert = (value) => toJsonSchema(value, converted, inProgress);
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith('x-')) continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convert(sub)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map(convert);
    } else if (key === 'items') {
      out[key] = Array.isArray(value) ? value.map(convert) : convert(value);
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = convert(value);
    } else {
      out[key] = value;
    }
  }
  for (const [exclusive, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']]) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] && out[bound] !== undefined) {
      out[exclusive] = out[bound];
      delete out[bound];
    } else {
      delete out[exclusive];
    }
  }
  let result = out;
  if (schema.nullable === true) {
    const composed = ['allOf', 'anyOf', 'oneOf', 'not', '$ref'].some((key) => key in out);
    if (out.type !== undefined && !composed) {
      out.type = [...new Set([].concat(out.type, 'null'))];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    } else {
      result = { anyOf: [{ type: 'null' }, out] };
    }
  }
  inProgress.delete(schema);
  converted.set(schema, result);
  return result;
}

function collectFormats(schema, found = new Set(), seen = new Set()) {
  if (Array.isArray(schema)) {
    for (const item of schema) collectFormats(item, found, seen);
  } else if (isObject(schema) && !seen.has(schema)) {
    seen.add(schema);
    if (typeof schema.format === 'string') found.add(schema.format);
    for (const value of Object.values(schema)) collectFormats(value, found, seen);
  }
  return found;
}

function validCalendarDate(text) {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const KNOWN_FORMATS = {
  'date-time': (text) => /^\d{4}-\d{2}-\d{2}[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(text)
    && validCalendarDate(text),
  date: (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && validCalendarDate(text),
  int32: { type: 'number', validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  int64: { type: 'number', validate: (n) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
  byte: (text) => /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 === 0,
  uuid: (text) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text),
};

function makeAjv(api) {
  const ajv = String(api.openapi || '').startsWith('3.1')
    ? new Ajv2020({ allErrors: true, strict: false })
    : new Ajv({ allErrors: true, strict: false });
  // Formats the document uses and this script does not check (binary, password, ...) pass.
  for (const format of collectFormats(api.paths)) ajv.addFormat(format, KNOWN_FORMATS[format] ?? true);
  return ajv;
}

// --- Finding the operation and response -----------------------------------------------------------

function templateMatcher(template) {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

// The route as a template key of `paths`; a concrete path ("/api/v1/orders/12") is matched against
// the templates too, the one with the most literal characters winning.
function findPath(paths, route) {
  if (Object.prototype.hasOwnProperty.call(paths, route)) return route;
  const path = route.split('?')[0];
  if (Object.prototype.hasOwnProperty.call(paths, path)) return path;
  let best = null;
  let bestLiteral = -1;
  for (const template of Object.keys(paths)) {
    if (!templateMatcher(template).test(path)) continue;
    const literal = template.replace(/\{[^}]+\}/g, '').length;
    if (literal > bestLiteral) {
      best = template;
      bestLiteral = literal;
    }
  }
  return best;
}

function findResponse(responses, status) {
  const exact = String(status);
  if (responses[exact]) return { key: exact, response: responses[exact] };
  for (const range of [`${Math.floor(status / 100)}XX`, `${Math.floor(status / 100)}xx`]) {
    if (responses[range]) return { key: range, response: responses[range] };
  }
  if (responses.default) return { key: 'default', response: responses.default };
  return null;
}

function mediaTypeOf(contentType) {
  return typeof contentType === 'string' ? contentType.split(';')[0].trim().toLowerCase() : '';
}

function findMediaType(content, contentType) {
  const wanted = mediaTypeOf(contentType);
  const declared = Object.keys(content);
  if (!wanted) {
    const json = declared.find(isJsonMediaType);
    return json ? { key: json } : { key: null };
  }
  const exact = declared.find((key) => mediaTypeOf(key) === wanted);
  if (exact) return { key: exact };
  const [type] = wanted.split('/');
  const wildcard = declared.find((key) => mediaTypeOf(key) === `${type}/*`) ?? declared.find((key) => mediaTypeOf(key) === '*/*');
  if (wildcard) return { key: wildcard };
  return { error: `content type "${wanted}" is not documented (documented: ${declared.join(', ') || 'none'})` };
}

function isJsonMediaType(key) {
  const type = mediaTypeOf(key);
  return type === 'application/json' || /^[a-z]+\/[^;]*\+json$/.test(type);
}

function describeAjvError(error) {
  const where = `body${error.instancePath || ''}`;
  let detail = '';
  if (error.keyword === 'additionalProperties') detail = `: "${error.params.additionalProperty}"`;
  else if (error.keyword === 'enum') detail = `: ${JSON.stringify(error.params.allowedValues)}`;
  else if (error.keyword === 'const') detail = `: ${JSON.stringify(error.params.allowedValue)}`;
  return `${where} ${error.message}${detail}`;
}

// --- Checking answers ------------------------------------------------------------------------------

async function checkResponses(file, responsesFile) {
  const api = await SwaggerParser.dereference(file);
  const paths = api.paths ?? {};
  const ajv = makeAjv(api);
  const compiled = new Map();
  const converted = new Map();
  const validatorFor = (schema) => {
    if (!compiled.has(schema)) compiled.set(schema, ajv.compile(toJsonSchema(schema, converted)));
    return compiled.get(schema);
  };
  const methodNotAllowed = api.components?.responses?.MethodNotAllowed;

  let text;
  try {
    text = readFileSync(responsesFile, 'utf8');
  } catch (error) {
    console.error(`cannot read ${responsesFile}: ${error.message}`);
    process.exit(2);
  }

  const problems = [];
  const operationsUsed = new Set();
  let checked = 0;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; ++index) {
    const raw = lines[index].trim();
    if (!raw) continue;
    const lineNumber = index + 1;
    const report = (what) => problems.push(`line ${lineNumber}: ${what}`);
    let entry;
    try {
      entry = JSON.parse(raw);
    } catch (error) {
      report(`not JSON: ${error.message}`);
      continue;
    }
    if (!isObject(entry)) {
      report('not a JSON object');
      continue;
    }
    ++checked;
    const method = typeof entry.method === 'string' ? entry.method.toUpperCase() : '';
    const route = typeof entry.route === 'string' ? entry.route : '';
    const status = typeof entry.status === 'string' && /^\d{3}$/.test(entry.status) ? Number(entry.status) : entry.status;
    if (!method || !route || !Number.isInteger(status) || status < 100 || status > 599) {
      report('needs "method" (string), "route" (string) and "status" (an HTTP status code)');
      continue;
    }
    const label = `${method} ${route} ${status}`;

    const template = findPath(paths, route);
    if (!template) {
      report(`${label}: undocumented route ${route}`);
      continue;
    }
    const pathItem = paths[template];
    const head = method === 'HEAD';
    let operationMethod = method.toLowerCase();
    if (head && !pathItem.head) operationMethod = 'get';
    const operation = METHODS.includes(operationMethod) ? pathItem[operationMethod] : undefined;

    let found;
    if (!operation) {
      if (status === 405 && methodNotAllowed) {
        // Any route answers a method it does not take with 405: documented once, in components.
        found = { key: '405 (components.responses.MethodNotAllowed)', response: methodNotAllowed };
      } else {
        report(`${label}: undocumented method ${method}${head ? ' (no HEAD or GET operation)' : ''} for ${template}`);
        continue;
      }
    } else {
      operationsUsed.add(`${operationMethod.toUpperCase()} ${template}`);
      found = findResponse(operation.responses ?? {}, status);
      if (!found) {
        const documented = Object.keys(operation.responses ?? {}).join(', ');
        report(`${label}: undocumented status ${status} for ${operationMethod.toUpperCase()} ${template} (documented: ${documented})`);
        continue;
      }
    }

    // A HEAD answer has no body: its status is all there is to check.
    if (head) continue;
    const content = found.response.content;
    const body = entry.body === undefined || entry.body === '' ? null : entry.body;
    if (!content || Object.keys(content).length === 0) {
      if (body !== null) report(`${label}: a body was answered, but response ${found.key} documents none`);
      continue;
    }
    const media = findMediaType(content, entry.contentType);
    if (media.error) {
      report(`${label}: ${media.error}`);
      continue;
    }
    if (!media.key || !isJsonMediaType(media.key)) continue; // not JSON: the body is not checked
    const schema = content[media.key].schema;
    if (!schema) continue;
    const validate = validatorFor(schema);
    if (!validate(body)) {
      for (const error of validate.errors) report(`${label}: ${describeAjvError(error)} (response ${found.key}, ${media.key})`);
    }
  }

  const documented = Object.values(paths).reduce(
    (count, item) => count + METHODS.filter((m) => isObject(item) && item[m]).length, 0);
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    console.error(`${problems.length} problem(s) in ${checked} responses checked against ${operationsUsed.size} operations`);
    process.exit(1);
  }
  console.log(`${checked} responses checked against ${operationsUsed.size} operations (${documented} documented)`);
}

// --- Main -------------------------------------------------------------------------------------------

const args = parseArgs(process.argv.slice(2));
if (!args) {
  console.error(usage);
  process.exit(2);
}
const { api, errors } = await validateDocument(args.file);
if (errors) {
  console.error(`invalid: ${args.file}`);
  for (const error of errors) console.error(error);
  process.exit(1);
}
if (args.responses === undefined) {
  console.log(`valid: ${api.info.title} ${api.info.version}`);
  process.exit(0);
}
await checkResponses(args.file, args.responses);
