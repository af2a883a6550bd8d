// A tiny, safe Markdown to HTML: the text is escaped first, then headings, paragraphs, bullet
// lists, **bold**, *italic* and `code` are marked up. Nothing else (no links, no raw HTML).

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

/** Markdown text as HTML that holds no markup of its own. */
export function markdownToHtml(source) {
  const lines = escape(String(source || "")).split(/\r?\n/);
  const out = [];
  let paragraph = [];
  let items = null;
  const flush = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(" "))}</p>`);
    if (items) out.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`);
    paragraph = [];
    items = null;
  };
  for (const line of lines) {
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    const bullet = line.match(/^\s*[-*]\s+(.*)$/);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      const level = Math.min(6, heading[1].length + 2); // the page has its own h1 and h2
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (bullet) {
      if (paragraph.length) flush();
      items = items || [];
      items.push(bullet[1]);
    } else if (items && /^\s/.test(line)) items[items.length - 1] += ` ${line.trim()}`;
    else {
      if (items) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out.join("\n");
}
