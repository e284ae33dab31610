// The page's answers in the browser itself, where the page is static
// files: tools/build-npm puts this module in the page's js/ (beside fen
// serve's modules, from crates/fen-server/web) and the package in
// fenkit/. It gives the objects the server's API gives (/api/check,
// /api/fields, /board.svg, /pieces/), from the package's functions, so
// that the page has one way of showing them. `fen serve` has no such
// module; there the server answers.
import * as fenkit from '../fenkit/index.js';

// The package's reading options for the variant chosen on the page.
function reading(variant, lenient) {
  const options = lenient ? { lenient: true } : {};
  if (variant === 'chess960') options.chess960 = true;
  else if (variant !== 'standard') options.variant = variant;
  return options;
}

// An answer's value, or its first problem's message as the error thrown
// (as the page takes a refusal of the server's).
function value(answer) {
  if (answer.ok) return answer.value;
  throw new Error(answer.errors[0]?.message ?? 'no answer');
}

// Every record of `text`, as POST /api/check answers.
export function check(text, variant, lenient) {
  const results = fenkit.check(text, reading(variant, lenient));
  if (!Array.isArray(results)) value(results);
  return results;
}

// A record's fields, as GET /api/fields answers.
export function fields(fen, variant) {
  return value(fenkit.fields(fen, reading(variant, false)));
}

// The FEN edited fields make, as POST /api/fields answers.
export function writeFields(edited, variant) {
  return value(fenkit.writeFields(edited, reading(variant, false)));
}

// A piece's drawing as an image address, made once a piece and set.
const drawings = new Map();
export function pieceSrc(set, id) {
  const key = `${set}/${id}`;
  if (!drawings.has(key)) {
    const svg = value(fenkit.pieceSvg(set, id));
    drawings.set(key, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  }
  return drawings.get(key);
}

// The diagram of `fen` as an address the page can link to: the package's
// SVG in a blob, the last one's released.
let diagram = null;
export function svgUrl(fen, options) {
  if (diagram) URL.revokeObjectURL(diagram);
  const svg = value(fenkit.svg(fen, options));
  diagram = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  return diagram;
}
