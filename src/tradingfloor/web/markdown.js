// A tiny, safe Markdown to HTML: the text is escaped first, then headings, paragraphs, bullet and
// numbered lists, pipe tables, **bold**, *italic* and `code` are marked up. Nothing else (no links,
// no raw HTML).

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escape(text) {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** **bold**, *italic* and `code` in one escaped line; nothing is marked up inside code. */
function inline(text) {
  return text.split("`").map((part, i) => {
    if (i % 2 === 1) return `<code>${part}</code>`;
    return part
      .replace(/\*\*([^*\s](?:[^*]*?[^*\s])?)\*\*/g, "<strong>$1</strong>")
      .replace(/\*([^*\s](?:[^*]*?[^*\s])?)\*/g, "<em>$1</em>");
  }).join("");
}

/** The cells of one table row: `| a | b |` -> ["a", "b"]. */
function cells(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

function table(rows) {
  const body = rows.filter((row) => !/^\s*\|?\s*:?-{2,}/.test(row));
  const [head, ...rest] = body.map(cells);
  const th = (head || []).map((c) => `<th>${inline(c)}</th>`).join("");
  const trs = rest.map((row) => `<tr>${row.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`).join("");
  return `<div class="scroll"><table class="sheet"><tr>${th}</tr>${trs}</table></div>`;
}

/** Markdown text as HTML that holds no markup of its own. */
export function markdownToHtml(source) {
  const lines = escape(String(source || "")).split(/\r?\n/);
  const out = [];
  let paragraph = [];
  let items = null;
  let ordered = false;
  let rows = null;
  const flush = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(" "))}</p>`);
    if (items) {
      const tag = ordered ? "ol" : "ul";
      out.push(`<${tag}>${items.map((item) => `<li>${inline(item)}</li>`).join("")}</${tag}>`);
    }
    if (rows) out.push(table(rows));
    paragraph = [];
    items = null;
    rows = null;
  };
  for (const line of lines) {
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    const bullet = line.match(/^\s*[-*]\s+(.*)$/);
    const numbered = line.match(/^\s*\d+[.)]\s+(.*)$/);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      const level = Math.min(6, heading[1].length + 2); // the page has its own h1 and h2
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (/^\s*\|/.test(line)) {
      if (!rows) flush();
      rows = rows || [];
      rows.push(line);
    } else if (bullet || numbered) {
      const isOrdered = Boolean(numbered && !bullet);
      if (paragraph.length || rows || (items && ordered !== isOrdered)) flush();
      items = items || [];
      ordered = isOrdered;
      items.push((bullet || numbered)[1]);
    } else if (items && /^\s/.test(line)) items[items.length - 1] += ` ${line.trim()}`;
    else {
      if (items || rows) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out.join("\n");
}
