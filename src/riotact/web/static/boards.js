// SVG boards drawn from one seat's view only (the same view the server sent that seat).
// Every label is set with textContent. Clicking a piece looks up its actions (Boards.onPick).
"use strict";
const Boards = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  function s(tag, attrs = {}, text) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function svgBox(w, h, label) {
    return s("svg", { viewBox: `0 0 ${w} ${h}`, class: "board", role: "img", "aria-label": label });
  }

  function pickable(node, id, title) {
    node.style.cursor = "pointer";
    node.dataset.piece = id;
    node.append(s("title", {}, title || id));
    node.addEventListener("click", () => api.onPick(id));
    return node;
  }

  // ---- Revolting Behaviour!: each player's Cause pile (face down, top face up), RP, the attempt ----
  function card(g, x, y, label, faceUp) {
    g.append(s("rect", { x, y, width: 34, height: 48, rx: 4, fill: faceUp ? "#fff" : "#35507a", stroke: "#223" }));
    if (faceUp) {
      const red = /[HD]$/.test(label);
      const text = label === "JOKER" ? "★" : label.slice(0, -1) + (SUITS[label.slice(-1)] || "");
      g.append(s("text", { x: x + 17, y: y + 30, "text-anchor": "middle", "font-size": 13,
                            fill: red ? "#b0201a" : "#111" }, text));
    }
  }

  function revolting(view) {
    const st = view.state, seats = Object.keys(st.players), w = 640, h = 130 + 110 * seats.length;
    const svg = svgBox(w, h, "Revolting Behaviour! table");
    svg.append(s("text", { x: 10, y: 22, "font-size": 15, "font-weight": "bold" },
      `Turn ${view.turn} · phase ${st.phase} · order ${st.order.join(" → ")}`));
    seats.forEach((seat, i) => {
      const p = st.players[seat], y = 40 + i * 110, g = s("g", {});
      const mine = seat === view.seat;
      g.append(s("rect", { x: 6, y, width: w - 12, height: 100, rx: 6, fill: st.acting === seat ? "#fff6d6" : "#fafafa",
                            stroke: mine ? "#1f5fae" : "#bbb", "stroke-width": mine ? 2 : 1 }));
      g.append(s("text", { x: 16, y: y + 20, "font-size": 14, "font-weight": "bold" },
        `${seat}${mine ? " (you)" : ""}${p.out ? " — out" : ""}`));
      g.append(s("text", { x: 16, y: y + 40, "font-size": 13 }, `${p.rp} RP`));
      g.append(s("text", { x: 16, y: y + 58, "font-size": 12, fill: "#555" }, `Cause Deck: ${p.cause_deck} cards`));
      g.append(s("text", { x: 16, y: y + 76, "font-size": 12, fill: "#555" }, `Cause cards defeated: ${p.defeated}`));
      // The Cause pile: face-down cards, and the top card when it lies face up.
      const shown = Math.min(p.cause_cards, 8);
      for (let c = 0; c < shown; c++) card(g, 200 + c * 6, y + 26, "", false);
      if (p.cause_top) card(g, 200 + shown * 6 + 8, y + 26, p.cause_top, true);
      g.append(s("text", { x: 200, y: y + 90, "font-size": 11, fill: "#555" }, `Cause pile: ${p.cause_cards}`));
      svg.append(pickable(g, seat, `${seat}: ${p.rp} RP, ${p.cause_cards} Cause cards`));
    });
    const a = st.attempt, y = 40 + seats.length * 110;
    if (a) {
      const g = s("g", {});
      g.append(s("text", { x: 10, y: y + 18, "font-size": 13 },
        `Attempt: ${a.seat}, ${a.severity} ${SUITS[a.suit] || a.suit}${a.target ? ` against ${a.target}` : ""}, ` +
        `${a.cost} RP a card, ${a.action_points} action points`));
      a.drawn.forEach((c, i) => card(g, 10 + i * 40, y + 28, c, true));
      svg.append(g);
    } else svg.append(s("text", { x: 10, y: y + 18, "font-size": 13, fill: "#555" }, "No attempt under way."));
    return svg;
  }

  // ---- By Will Alone: the street map, units, counters, smoke, barricades, objectives, jail ----
  function willAlone(view) {
    const st = view.state, feats = st.map.features, pos = {};
    const xs = feats.map((f) => f.x), ys = feats.map((f) => f.y);
    const minX = Math.min(...xs), minY = Math.min(...ys), scale = 46, pad = 50;
    const w = (Math.max(...xs) - minX) * scale + 2 * pad + 40, h = (Math.max(...ys) - minY) * scale + 2 * pad + 40;
    for (const f of feats) pos[f.id] = [pad + (f.x - minX) * scale, pad + (f.y - minY) * scale];
    const svg = svgBox(w, h, "By Will Alone street map");
    for (const [a, b] of st.map.links) {
      if (pos[a] && pos[b]) svg.append(s("line", { x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1],
                                                   stroke: "#9aa", "stroke-width": 10, "stroke-linecap": "round" }));
    }
    const objectives = new Set(st.objectives || []), barricades = new Set((st.barricades || []).map((b) => b.feature || b));
    for (const f of feats) {
      const [x, y] = pos[f.id];
      const g = s("g", {});
      const colour = f.kind === "intersection" ? "#dde" : f.kind === "building" ? "#d9c9a8" : "#eee";
      g.append(s("rect", { x: x - 9, y: y - 9, width: 18, height: 18, rx: f.kind === "intersection" ? 9 : 2,
                            fill: colour, stroke: objectives.has(f.id) ? "#c8102e" : "#777",
                            "stroke-width": objectives.has(f.id) ? 3 : 1 }));
      if (barricades.has(f.id)) g.append(s("line", { x1: x - 10, y1: y + 10, x2: x + 10, y2: y - 10, stroke: "#6b3",
                                                     "stroke-width": 4 }));
      if (st.smoke && st.smoke[f.id]) g.append(s("circle", { cx: x, cy: y, r: 16, fill: "#999", opacity: 0.45 }));
      if (st.jail && st.jail.feature === f.id) g.append(s("text", { x: x - 12, y: y + 22, "font-size": 9 },
        `jail ${(st.jail.stands || []).length}`));
      svg.append(pickable(g, f.id, `${f.name} (${f.kind})${objectives.has(f.id) ? ", objective" : ""}`));
    }
    const here = {};
    const place = (feature) => { here[feature] = (here[feature] || 0) + 1; return here[feature] - 1; };
    for (const u of st.units) {
      if (u.lost || !pos[u.feature]) continue;
      const [x, y] = pos[u.feature], k = place(u.feature);
      const g = s("g", {}), side = u.side === "authority";
      g.append(s("rect", { x: x + 8, y: y - 22 + k * 15, width: 56, height: 14, rx: 2,
                            fill: side ? "#27408b" : "#e0a526", stroke: "#111" }));
      g.append(s("text", { x: x + 10, y: y - 11 + k * 15, "font-size": 9, fill: side ? "#fff" : "#111" },
                 u.counter ? `${u.counter} ${(u.note || u.name || "").slice(0, 7)}`
                   : `${(u.name || u.id).slice(0, 7)} ${(u.stands || []).length}`));
      const about = u.counter ? `counter ${u.counter}${u.note ? ` (${u.note})` : ""}`
        : `${u.name}: ${u.type}, ${(u.stands || []).length} stands${u.condition ? `, ${u.condition}` : ""}`;
      svg.append(pickable(g, u.id || u.counter, about));
    }
    for (const c of st.counters || []) {
      if (!pos[c.feature]) continue;
      const [x, y] = pos[c.feature], k = place(c.feature);
      const g = s("g", {});
      g.append(s("rect", { x: x + 8, y: y - 22 + k * 15, width: 56, height: 14, rx: 2,
                            fill: c.side === "authority" ? "#8ea2d8" : "#f3d58a", stroke: "#111", "stroke-dasharray": "2 1" }));
      g.append(s("text", { x: x + 10, y: y - 11 + k * 15, "font-size": 9 }, `${c.counter}${c.note ? ` ${c.note}` : ""}`));
      svg.append(pickable(g, c.counter, `hidden counter ${c.counter}${c.note ? ` (${c.note})` : ""}`));
    }
    for (const m of st.media || []) {
      if (!pos[m.feature]) continue;
      const [x, y] = pos[m.feature];
      svg.append(pickable(s("text", { x: x - 30, y: y + 4, "font-size": 10, "font-weight": "bold", fill: "#7a1f8a" }, "TV"),
                          m.id, `media: ${m.id}`));
    }
    const scores = Object.entries(st.scores || {}).map(([k, v]) => `${k} ${v}`).join(" · ");
    svg.append(s("text", { x: 10, y: h - 14, "font-size": 11 },
      `Step ${st.step}/${st.length} · initiative ${st.initiative} · wind ${st.wind} · score ${scores}`));
    return svg;
  }

  // ---- Civil Disorder: the town plan, crowds with RL markers, fires, gas, vehicles, units ----
  function nodeXY(node, town) {
    let m = /^x(-?[\d.]+)y(-?[\d.]+)$/.exec(node || "");
    if (m) return [Number(m[1]), Number(m[2])];
    m = /^J(\d+)-(\d+)$/.exec(node || "");
    if (m) return [Number(m[1]) * town.block, Number(m[2]) * town.block];
    return null;
  }

  function civilDisorder(view) {
    const st = view.state, town = st.town, k = 14, pad = 34;
    const w = town.width * k + 2 * pad, h = town.height * k + 2 * pad + 30;
    const svg = svgBox(w, h, "Civil Disorder town plan");
    const at = (x, y) => [pad + x * k, pad + y * k];
    svg.append(s("rect", { x: pad, y: pad, width: town.width * k, height: town.height * k, fill: "#d7d9d2" }));
    const burning = {};
    for (const b of st.buildings || []) burning[b.id] = b;
    for (const b of town.buildings) {
      const [x0, y0] = at(b.bounds[0], b.bounds[1]), [x1, y1] = at(b.bounds[2], b.bounds[3]);
      const info = burning[b.id] || {}, g = s("g", {});
      g.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: info.wrecked ? "#8b8378" : "#efe6d0",
                            stroke: "#776" }));
      g.append(s("text", { x: x0 + 4, y: y0 + 14, "font-size": 11 }, b.id));
      for (let f = 0; f < (info.fires || 0); f++) {
        g.append(s("path", { d: `M${x0 + 8 + f * 14},${y1 - 4} q-6,-8 0,-16 q6,8 0,16 z`, fill: "#e8590c", stroke: "#a33" }));
      }
      svg.append(pickable(g, b.id, `${b.id} (${b.kind})${info.fires ? `, ${info.fires} fire(s)` : ""}`));
    }
    for (const gas of st.gas || []) {
      const p = nodeXY(gas.node, town) || [gas.x, gas.y];
      if (p && p[0] !== undefined) { const [x, y] = at(p[0], p[1]); svg.append(s("circle", { cx: x, cy: y, r: (gas.radius || 3) * k, fill: "#b5d96b", opacity: 0.4 })); }
    }
    for (const c of st.crowds || []) {
      const p = "x" in c ? [c.x, c.y] : nodeXY(c.node, town);
      if (!p) continue;
      const [x, y] = at(p[0], p[1]), g = s("g", {});
      g.append(s("circle", { cx: x, cy: y, r: 6 + Math.sqrt(c.figures || 1) * 2, fill: "#c0392b", opacity: 0.75, stroke: "#511" }));
      g.append(s("text", { x: x - 6, y: y + 4, "font-size": 11, fill: "#fff", "font-weight": "bold" }, c.id));
      if (c.rl !== undefined && c.rl !== null) {
        g.append(s("rect", { x: x + 8, y: y - 18, width: 20, height: 14, fill: "#fff", stroke: "#511" }));
        g.append(s("text", { x: x + 11, y: y - 7, "font-size": 11 }, `RL${c.rl}`.slice(0, 4)));
      }
      svg.append(pickable(g, c.id, `crowd ${c.id}: ${c.figures} figures${c.rl !== undefined ? `, RL ${c.rl}` : ""}`));
    }
    for (const u of st.units || []) {
      const p = "x" in u ? [u.x, u.y] : nodeXY(u.node, town);
      if (!p) continue;
      const [x, y] = at(p[0], p[1]), g = s("g", {});
      g.append(s("rect", { x: x - 8, y: y - 8, width: 16, height: 16, fill: "#1f4e9c", stroke: "#fff" }));
      if (u.vehicle) g.append(s("rect", { x: x - 11, y: y + 9, width: 22, height: 6, fill: "#333" }));
      g.append(s("text", { x: x - 8, y: y + 26, "font-size": 9 }, u.id));
      svg.append(pickable(g, u.id, `${u.type_name || u.type} ${u.id}: ${u.figures} figures${u.vehicle ? `, ${u.vehicle}` : ""}`));
    }
    const you = st.you;
    if (you && you.x !== undefined) {
      const [x, y] = at(you.x, you.y);
      svg.append(pickable(s("circle", { cx: x, cy: y, r: 7, fill: "#f1c40f", stroke: "#000", "stroke-width": 2 }), you.seat,
        `you: ${you.role}`));
    }
    for (const p of st.players || []) {
      const q = nodeXY(p.node, town);
      if (q) { const [x, y] = at(q[0], q[1]); svg.append(pickable(s("circle", { cx: x, cy: y, r: 6, fill: "#f7dc6f", stroke: "#444" }), p.seat)); }
    }
    svg.append(s("text", { x: 10, y: h - 10, "font-size": 13 },
      `Turn ${st.turn}/${st.turns} · phase ${typeof st.phase === "object" ? (st.phase && (st.phase.name || st.phase.step)) || "" : st.phase}${st.score !== undefined ? ` · score ${JSON.stringify(st.score).slice(0, 40)}` : ""}`));
    return svg;
  }

  function generic(view) {
    const pre = document.createElement("pre");
    pre.textContent = JSON.stringify(view.state, null, 1);
    pre.style.maxHeight = "50vh"; pre.style.overflow = "auto";
    return pre;
  }

  const drawers = { "revolting-behaviour": revolting, "by-will-alone": willAlone, "civil-disorder": civilDisorder };

  const api = {
    onPick(id) {
      const box = document.getElementById("search");
      if (box) { box.value = id; box.dispatchEvent(new Event("input")); }
    },
    draw(holder, view) {
      let drawn;
      try { drawn = (drawers[view.ruleset] || generic)(view); } catch (err) { console.error(`board: ${err}`); drawn = generic(view); }
      holder.replaceChildren(drawn);
      const notes = (view.state.messages || []).concat(view.state.notes || []);
      if (notes.length) {
        const list = document.createElement("ul");
        for (const n of notes.slice(-10)) { const li = document.createElement("li"); li.textContent = typeof n === "string" ? n : JSON.stringify(n); list.append(li); }
        holder.append(list);
      }
    },
  };
  return api;
})();
