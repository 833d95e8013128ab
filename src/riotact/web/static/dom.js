// Small DOM helpers shared by the pages (no build step: a plain script loaded before the page's own).
"use strict";

// An element with attributes ("text" sets its text content, never HTML; "class" its class) and children.
function el(tag, attrs = {}, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v; else if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const kid of kids) node.append(kid);
  return node;
}
