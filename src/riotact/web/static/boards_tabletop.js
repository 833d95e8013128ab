// (Needs dom.js.) Boards for the rulesets played on an open table in inches: Public Participation and The Breaking of
// Nations. Everything is drawn from the seat's view (and its own filtered log) only. The tools are
// drawing aids in the browser (ruler, rings, templates, arcs) except two that ask the server: a click
// on the table sends a coordinate action that the engine validates (a refusal shows its reason), and
// "sight" asks the engine for the line of sight worked out from this seat's view.
"use strict";
const Tabletop = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const PALETTE = ["#1f5fae", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#16a085", "#7f6000", "#555"];
  const WOUND = { pink: "#f4a6c0", green: "#3cb371", red: "#d62828", blue: "#1d3f8f", black: "#111" };
  const POINT = /^(move|bomb|throw):([^:]+):(?:([^:]+):)?(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/;
  const TEMPLATES = {
    "public-participation": [["gas", 3, "gas cloud 6\" across (PP-20)"], ["blast", 3, "dynamite blast 3\" (PP-18)"]],
    "breaking-of-nations": [["2in", 1, "2\" marker (BON-057)"], ["4in", 2, "4\" marker"], ["6in", 3, "6\" marker"]],
  };
  const boards = new Map();  // holder -> { ui, view, ctx }: tool state survives every redraw
  let clips = 0;

  function s(tag, attrs = {}, text) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  const fmt = (v) => Number(v).toFixed(1);
  const dist = (a, b) => Math.hypot(b[0] - a[0], b[1] - a[1]);

  function colourOf(name, all) {
    const i = all.indexOf(name);
    return PALETTE[(i < 0 ? all.length : i) % PALETTE.length];
  }

  // ---- the pieces, read from each ruleset's view into one shape: {id, piece, x, y, base, own, ...} ----
  function ppPieces(view) {
    const st = view.state, sides = [...new Set(st.characters.map((c) => c.side))].sort();
    return st.characters.map((c) => ({
      id: c.id, piece: c.id, x: c.x, y: c.y, base: c.base, own: c.own, colour: colourOf(c.side, sides),
      label: c.id, ring: WOUND[c.colour] || "", text: `${c.name} (${c.side}): ${c.wound}, morale ${c.morale}` +
        `${c.marker ? `, ${c.marker}` : ""}${c.card ? ` · walks ${c.card.walk}", runs ${c.card.run}"` : ""}`,
      badge: [c.morale !== "C" ? c.morale : "", c.marker ? c.marker.slice(0, 3) : ""].filter(Boolean).join(" "),
      faint: c.wound === "AD",
    }));
  }

  function bonPieces(view) {
    const st = view.state, seats = Object.keys(st.deployment).sort(), out = [];
    for (const u of st.units) {
      for (const m of u.models) {
        out.push({
          id: m.id, piece: u.id, unit: u, model: m, x: m.x, y: m.y, base: m.role === "piece" ? 1 : 0.5,
          own: u.seat === view.seat || view.seat === "umpire", colour: colourOf(u.seat, seats),
          label: m.role === "officer" || m.role === "hero" ? "★" : m.role === "piece" ? (m.weapon === "mg" ? "MG" : "G") : "",
          ring: m.panic ? "#d62828" : "", square: m.role === "piece", prone: m.prone, hidden: u.hidden,
          text: `${m.id} of ${u.name} (${u.seat}): ${m.role}, ${m.weapon}, ${m.level}` +
            `${m.prone ? ", prone" : ""}${m.panic ? `, panic: ${m.panic}` : ""}, ${m.ac} AC`,
        });
      }
    }
    return out;
  }

  // ---- drawing -------------------------------------------------------------------------------------
  function terrainStyle(view, f) {
    if (view.ruleset === "public-participation") {
      if (f.building) return { fill: "#b9a68a", stroke: "#6b5a43" };
      if (f.cover && f.obstacle) return { fill: "#9fbf7f", stroke: "#5b7a3a", dash: "0.3 0.2" };
      if (f.cover) return { fill: "#a9cf8f", stroke: "#5b7a3a" };
      if (f.obstacle) return { fill: "#e0d0b0", stroke: "#8a6a3a", dash: "0.3 0.2" };
      if (f.risky) return { fill: "#f3d0c8", stroke: "#b33", dash: "0.15 0.15" };
      if (f.height) return { fill: "#ddd3b8", stroke: "#a89a70" };
      return { fill: "#e8e4d8", stroke: "#aaa" };
    }
    const k = f.kind;
    if (k === "trench") return { fill: "#7a5c3a", stroke: "#4b3620" };
    if (k === "barbed_wire") return { fill: "url(#wire)", stroke: "#555", dash: "0.2 0.15" };
    if (k.includes("river") || k.includes("water")) return { fill: k === "shallow_river" ? "#a9d0ef" : "#5b9bd5", stroke: "#2f6ea5" };
    if (k.includes("forest")) return { fill: k === "dense_forest" ? "#4f8a3a" : "#8fc07a", stroke: "#3a6a2a" };
    if (k.includes("wall")) return { fill: "#8a8075", stroke: "#4a4038" };
    if (k === "closed_building") return { fill: "#6d6d6d", stroke: "#333" };
    if (k.includes("building") || k === "fortification") return { fill: "#c2ad8c", stroke: "#6b5a43" };
    if (k === "rubble") return { fill: "#bdb4a4", stroke: "#7d7464", dash: "0.2 0.2" };
    return { fill: "#e8e4d8", stroke: "#aaa" };
  }

  function terrainAbout(view, f) {
    if (view.ruleset === "public-participation") {
      const bits = [f.building ? "building: blocks sight" : "", f.cover ? "cover (-1 to hit, PP-11)" : "",
        f.obstacle ? `obstacle: ${f.obstacle.replace("_", " ")} (PP-06)` : "", f.height ? `height ${f.height}` : "",
        f.risky ? `risky: ${f.risky}` : ""].filter(Boolean);
      return `${f.name}${bits.length ? `: ${bits.join(", ")}` : ""}`;
    }
    return `${f.name}: ${f.kind.replace(/_/g, " ")}, CV ${f.cv}, ${f.move} ground${f.blocks_sight ? ", blocks sight" : ""}` +
      `${f.dangerous ? ", dangerous" : ""}${f.height ? `, hill level ${f.height}` : ""} (BON-110)`;
  }

  function drawBoard(holder, view, ctx) {
    const rec = boards.get(holder) || { ui: { mode: "act", ruler: [], sight: null, templates: [], tmpl: "",
      rings: { move: true, voice: true, weapons: true }, verb: "" } };
    rec.view = view; rec.ctx = ctx || {};
    boards.set(holder, rec);
    const ui = rec.ui, st = view.state, W = st.table.width, D = st.table.depth;
    const interactive = typeof rec.ctx.act === "function";
    const pieces = view.ruleset === "public-participation" ? ppPieces(view) : bonPieces(view);
    if (ui.selected && !pieces.some((p) => p.piece === ui.selected)) ui.selected = null;
    const Y = (y) => D - y;  // the view's y grows north; SVG's grows down

    const svg = s("svg", { viewBox: `-1.5 -1.5 ${W + 3} ${D + 3}`, class: "board tabletop", role: "img",
                           "aria-label": `${view.ruleset} table ${W}" by ${D}"`, "data-width": W, "data-depth": D });
    const defs = s("defs");
    const wire = s("pattern", { id: "wire", width: 0.6, height: 0.6, patternUnits: "userSpaceOnUse" });
    wire.append(s("rect", { width: 0.6, height: 0.6, fill: "#eee6d6" }),
                s("path", { d: "M0,0 L0.6,0.6 M0.6,0 L0,0.6", stroke: "#555", "stroke-width": 0.05 }));
    // Rings and arcs stop at the table's edge (one clip per board: the console shows several boards).
    const clip = `tt-clip-${++clips}`, edge = s("clipPath", { id: clip });
    edge.append(s("rect", { x: 0, y: 0, width: W, height: D }));
    defs.append(wire, edge);
    svg.append(defs);
    svg.append(s("rect", { x: 0, y: 0, width: W, height: D, fill: "#e4e8d4", stroke: "#556", "stroke-width": 0.1,
                           class: "cloth" }));
    // The inch grid, darker every 6", numbered along the edges: a ruler along the table.
    const grid = s("g", { stroke: "#c8cdb8", "stroke-width": 0.03 });
    for (let x = 1; x < W; x++) grid.append(s("line", { x1: x, y1: 0, x2: x, y2: D, ...(x % 6 ? {} : { stroke: "#a9b096", "stroke-width": 0.06 }) }));
    for (let y = 1; y < D; y++) grid.append(s("line", { x1: 0, y1: Y(y), x2: W, y2: Y(y), ...(y % 6 ? {} : { stroke: "#a9b096", "stroke-width": 0.06 }) }));
    svg.append(grid);
    for (let x = 0; x <= W; x += 6) svg.append(s("text", { x, y: D + 1.1, "font-size": 0.8, "text-anchor": "middle", fill: "#556" }, `${x}"`));
    for (let y = 6; y <= D; y += 6) svg.append(s("text", { x: -0.3, y: Y(y) + 0.3, "font-size": 0.8, "text-anchor": "end", fill: "#556" }, `${y}"`));

    if (st.deployment) {  // BON-002 gap: each seat's deployment edge
      const seats = Object.keys(st.deployment).sort();
      for (const [seat, edge] of Object.entries(st.deployment)) {
        const c = colourOf(seat, seats), line = { north: [0, 0, W, 0], south: [0, D, W, D], west: [0, 0, 0, D], east: [W, 0, W, D] }[edge];
        svg.append(s("line", { x1: line[0], y1: line[1], x2: line[2], y2: line[3], stroke: c, "stroke-width": 0.35, opacity: 0.7 }));
        const [tx, ty] = { north: [W / 2, -0.4], south: [W / 2, D - 0.4], west: [0.3, D / 2], east: [W - 3, D / 2] }[edge];
        if (edge === "north" || edge === "south") svg.append(s("text", { x: tx, y: ty, "font-size": 0.8, fill: c, "text-anchor": "middle" }, `${seat} edge`));
        else svg.append(s("text", { x: tx, y: ty, "font-size": 0.7, fill: c }, seat));
      }
    }
    const objectives = new Set((st.objectives || []).map((o) => o.feature || o.target));
    for (const f of st.table.features) {
      const st2 = terrainStyle(view, f), pts = f.outline.map(([x, y]) => `${x},${Y(y)}`).join(" ");
      const g = s("g", { "data-feature": f.id });
      g.append(s("polygon", { points: pts, fill: st2.fill, stroke: objectives.has(f.id) ? "#c8102e" : st2.stroke,
                              "stroke-width": objectives.has(f.id) ? 0.2 : 0.08, ...(st2.dash ? { "stroke-dasharray": st2.dash } : {}),
                              opacity: 0.9 }));
      const xs = f.outline.map((p) => p[0]), ys = f.outline.map((p) => p[1]);
      const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
      const wide = Math.max(...xs) - Math.min(...xs) > 3.5;
      if (wide) g.append(s("text", { x: cx, y: Y(cy) + 0.25, "font-size": 0.65, "text-anchor": "middle", fill: "#2b2b2b", opacity: 0.8 }, f.name));
      g.append(s("title", {}, terrainAbout(view, f) + (objectives.has(f.id) ? " · objective" : "")));
      svg.append(g);
    }
    for (const l of st.table.lanes || []) {  // BON-102: lanes cut through the wire, the cloth showing through
      const lane = s("polygon", { points: l.outline.map(([x, y]) => `${x},${Y(y)}`).join(" "), fill: "#e4e8d4",
                                  stroke: "#8a6a3a", "stroke-width": 0.06, "stroke-dasharray": l.through ? "" : "0.15 0.1",
                                  class: "lane", "data-wire": l.wire });
      lane.append(s("title", {}, `a lane cut through ${l.name}: ${l.cut}" of ${l.depth}"` +
                                 `${l.through ? ", through" : ""} (BON-102)`));
      svg.append(lane);
    }
    for (const c of st.clouds || []) {  // PP-20: gas clouds the seat knows of
      svg.append(s("circle", { cx: c.x, cy: Y(c.y), r: c.radius, fill: "#b5d96b", opacity: 0.45, stroke: "#6a8f2a", "stroke-width": 0.08, class: "cloud" }));
    }
    drawFromLog(svg, view, rec.ctx.log || [], Y);

    // Rings, arcs and the engine's offered points for the selected piece.
    const sel = pieces.filter((p) => p.piece === ui.selected);
    const focus = sel.find((p) => p.id === ui.focus) || sel[0];
    const aids = s("g", { "clip-path": `url(#${clip})` });
    svg.append(aids);
    if (focus) drawRings(aids, view, ui, sel, focus, Y);
    if (interactive && ui.selected) {
      for (const a of view.legal_actions) {
        const m = POINT.exec(a.id);
        if (!m || m[2] !== ui.selected) continue;
        const dot = s("circle", { cx: Number(m[4]), cy: Y(Number(m[5])), r: 0.22, fill: m[1] === "move" ? "#fff" : "#fbd",
                                  stroke: "#333", "stroke-width": 0.05, class: "offer", "data-action": a.id });
        dot.append(s("title", {}, a.text));
        dot.addEventListener("click", (ev) => { ev.stopPropagation(); rec.ctx.act(a.id); });
        svg.append(dot);
      }
    }
    const active = st.active || "";
    for (const p of pieces) {
      const g = s("g", { class: "piece", "data-piece": p.piece, "data-model": p.id });
      const stroke = p.piece === ui.selected ? "#ffd400" : p.own ? "#111" : "#fff";
      const width = p.piece === ui.selected ? 0.18 : p.own ? 0.1 : 0.06;
      const attrs = { fill: p.colour, stroke, "stroke-width": width, opacity: p.faint ? 0.45 : 1,
                      ...(p.hidden ? { "stroke-dasharray": "0.15 0.1" } : {}) };
      if (p.square) g.append(s("rect", { x: p.x - p.base, y: Y(p.y) - p.base, width: 2 * p.base, height: 2 * p.base, ...attrs }));
      else if (p.prone) g.append(s("ellipse", { cx: p.x, cy: Y(p.y), rx: p.base, ry: p.base * 0.55, ...attrs }));
      else g.append(s("circle", { cx: p.x, cy: Y(p.y), r: p.base, ...attrs }));
      if (p.ring) g.append(s("circle", { cx: p.x, cy: Y(p.y), r: p.base + 0.15, fill: "none", stroke: p.ring, "stroke-width": 0.14 }));
      if (p.label) g.append(s("text", { x: p.x, y: Y(p.y) + 0.2, "font-size": p.label.length > 2 ? 0.42 : 0.55, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, p.label));
      if (p.badge) g.append(s("text", { x: p.x + p.base + 0.1, y: Y(p.y) - p.base, "font-size": 0.5, fill: "#7a1010" }, p.badge));
      g.append(s("title", {}, p.text));
      g.addEventListener("click", (ev) => { ev.stopPropagation(); pick(holder, p, view); });
      svg.append(g);
    }
    if (view.ruleset === "breaking-of-nations") {
      for (const u of st.units) {  // the unit's label and facing arrow at its centre
        if (!u.models.length) continue;
        const cx = u.models.reduce((t, m) => t + m.x, 0) / u.models.length, cy = u.models.reduce((t, m) => t + m.y, 0) / u.models.length;
        const r = (u.facing * Math.PI) / 180, top = Math.max(...u.models.map((m) => m.y)) + 0.8;
        // The facing: a short arrow from the unit's centre (12 o'clock of BON-060's clock).
        svg.append(s("line", { x1: cx, y1: Y(cy), x2: cx + 1.6 * Math.sin(r), y2: Y(cy + 1.6 * Math.cos(r)), stroke: "#111",
                               "stroke-width": 0.1, opacity: 0.6, class: "facing" }));
        svg.append(s("text", { x: cx, y: Y(top), "font-size": 0.7, "text-anchor": "middle", fill: u.id === active ? "#b30000" : "#222",
                               "font-weight": u.id === active ? "bold" : "normal", class: "unit-label" },
          `${u.id}${u.formation !== "open" ? ` ${u.formation}` : ""}${u.pinned ? " pinned" : ""}${u.activated ? " ✓" : ""}`));
      }
    }
    drawTools(svg, ui, Y, pieces);

    if (interactive) svg.addEventListener("click", (ev) => clickTable(holder, toInches(svg, ev, D), pieces));
    svg.addEventListener("mousemove", (ev) => {
      const p = toInches(svg, ev, D), box = holder.querySelector(".tt-where");
      if (box) box.textContent = p[0] >= 0 && p[0] <= W && p[1] >= 0 && p[1] <= D ? `(${fmt(p[0])}, ${fmt(p[1])})` : "";
    });

    const parts = [toolbar(holder, view, ui, interactive, pieces), svg, status(view, ui, interactive)];
    holder.replaceChildren(...parts);
  }

  // Scatter and deviation arrows, and the templates where things went off, from this seat's log.
  function drawFromLog(svg, view, log, Y) {
    const recent = log.filter((e) => e.turn >= view.turn - 1 && (e.scatter || e.template)).slice(-8);
    for (const e of recent) {
      if (e.scatter) {
        const [a, b] = [e.scatter.from, e.scatter.to];
        svg.append(s("circle", { cx: a[0], cy: Y(a[1]), r: 0.25, fill: "none", stroke: "#a0522d", "stroke-width": 0.08, class: "aim" }));
        svg.append(s("line", { x1: a[0], y1: Y(a[1]), x2: b[0], y2: Y(b[1]), stroke: "#a0522d", "stroke-width": 0.1,
                               "stroke-dasharray": "0.25 0.12", class: "scatter" }));
        svg.append(s("circle", { cx: b[0], cy: Y(b[1]), r: 0.15, fill: "#a0522d", class: "scatter-end" }));
        svg.lastChild.append(s("title", {}, `${e.text} [${e.rule}]`));
      }
      if (e.template) {
        const t = e.template, colour = t.kind === "gas" ? "#8fbf3a" : "#e8590c";
        const c = s("circle", { cx: t.x, cy: Y(t.y), r: t.radius, fill: colour, opacity: 0.22, stroke: colour, "stroke-width": 0.1, class: `fired ${t.kind}` });
        c.append(s("title", {}, `${e.text} [${e.rule}]`));
        svg.append(c);
      }
    }
  }

  function drawRings(svg, view, ui, sel, focus, Y) {
    const st = view.state, x = focus.x, y = Y(focus.y);
    const ring = (r, colour, label, dash) => {
      svg.append(s("circle", { cx: x, cy: y, r, fill: "none", stroke: colour, "stroke-width": 0.07, class: "ring",
                               ...(dash ? { "stroke-dasharray": dash } : {}) }));
      svg.append(s("text", { x: x + r * 0.707 + 0.1, y: y - r * 0.707, "font-size": 0.5, fill: colour, class: "ring" }, label));
    };
    if (view.ruleset === "public-participation") {
      const rings = (st.rings || {})[focus.id];
      if (!rings) return;
      const b = focus.base;  // voices and weapons are measured edge to edge (PP-07, PP-10)
      // A move takes the figure's centre that far (PP-03); voices and weapons reach another base's edge.
      if (ui.rings.move) { ring(rings.walk, "#1f5fae", `walk ${rings.walk}"`); ring(rings.run, "#1f5fae", `run ${rings.run}"`, "0.3 0.2"); }
      if (ui.rings.voice) for (const v of ["whisper", "normal", "shout"]) ring(rings[v] + b, "#7a1f8a", `${v} ${rings[v]}"`, "0.1 0.15");
      if (ui.rings.weapons) {
        for (const [k, r] of Object.entries(rings)) {
          if (!["walk", "run", "whisper", "normal", "shout"].includes(k)) ring(r + b, "#b30000", `${k} ${r}"`, "0.4 0.15");
        }
      }
      return;
    }
    const m = focus.model, u = focus.unit, w = (st.weapons || {})[m.weapon];
    if (w && ui.rings.weapons) {  // BON-030: short, medium and long bands from the model's base
      for (const band of ["short", "medium", "long"]) if (w[band]) ring(w[band] + focus.base, "#b30000", `${m.weapon} ${band} ${w[band]}"`, "0.4 0.15");
    }
    // The protractor: the unit's arc of fire around its facing (MG 90°, BON-074; soldiers 180°, BON-024 gap).
    const counts = {};
    for (const p of sel) counts[p.model.weapon] = (counts[p.model.weapon] || 0) + 1;
    const main = (st.weapons || {})[Object.keys(counts).sort((a, b) => counts[b] - counts[a])[0]];
    const arcDeg = (main && main.arc) || 180, reach = main ? (main.long || main.medium || main.short) + focus.base : 6;
    const c = sel.reduce((t, p) => [t[0] + p.x / sel.length, t[1] + p.y / sel.length], [0, 0]);
    const piece = sel.find((p) => p.model.role === "piece");
    const from = piece ? [piece.x, piece.y] : c;
    const a0 = ((u.facing - arcDeg / 2) * Math.PI) / 180, a1 = ((u.facing + arcDeg / 2) * Math.PI) / 180;
    const p0 = [from[0] + reach * Math.sin(a0), from[1] + reach * Math.cos(a0)], p1 = [from[0] + reach * Math.sin(a1), from[1] + reach * Math.cos(a1)];
    svg.append(s("path", { d: `M${from[0]},${Y(from[1])} L${p0[0]},${Y(p0[1])} A${reach},${reach} 0 ${arcDeg > 180 ? 1 : 0} 1 ${p1[0]},${Y(p1[1])} Z`,
                           fill: "#ffd400", opacity: 0.1, stroke: "#b08d00", "stroke-width": 0.06, class: "arc" }));
    const tip = [from[0] + (reach + 0.6) * Math.sin((u.facing * Math.PI) / 180), from[1] + (reach + 0.6) * Math.cos((u.facing * Math.PI) / 180)];
    svg.append(s("text", { x: tip[0], y: Y(tip[1]), "font-size": 0.55, "text-anchor": "middle", fill: "#7a6000", class: "arc" },
      `arc ${arcDeg}°, facing ${Math.round(u.facing)}°`));
  }

  function drawTools(svg, ui, Y, pieces) {
    for (const t of ui.templates) {
      svg.append(s("circle", { cx: t.x, cy: Y(t.y), r: t.r, fill: "#ff8c00", opacity: 0.2, stroke: "#c05a00", "stroke-width": 0.08,
                               "stroke-dasharray": "0.3 0.15", class: "template" }));
      svg.append(s("text", { x: t.x, y: Y(t.y) + 0.2, "font-size": 0.5, "text-anchor": "middle", fill: "#803c00", class: "template" }, t.label));
      for (const p of pieces) {  // what lies under it: any part of the base (BON-057 gap)
        if (dist([p.x, p.y], [t.x, t.y]) <= t.r + p.base) svg.append(s("circle", { cx: p.x, cy: Y(p.y), r: p.base + 0.25, fill: "none", stroke: "#ff6a00", "stroke-width": 0.1, class: "template under" }));
      }
    }
    if (ui.ruler.length) {
      const [a, b] = ui.ruler;
      svg.append(s("circle", { cx: a.x, cy: Y(a.y), r: 0.15, fill: "#000", class: "ruler-end" }));
      if (b) svg.append(s("line", { x1: a.x, y1: Y(a.y), x2: b.x, y2: Y(b.y), stroke: "#000", "stroke-width": 0.08, class: "ruler" }),
                        s("circle", { cx: b.x, cy: Y(b.y), r: 0.15, fill: "#000", class: "ruler-end" }));
    }
    if (ui.sight) {
      const r = ui.sight;
      if (r.to) {
        svg.append(s("line", { x1: r.from[0], y1: Y(r.from[1]), x2: r.to[0], y2: Y(r.to[1]), stroke: r.clear ? "#1d7a3d" : "#c62828",
                               "stroke-width": 0.12, "stroke-dasharray": r.clear ? "" : "0.3 0.2", class: `sight ${r.clear ? "clear" : "blocked"}` }));
      } else svg.append(s("circle", { cx: r.from[0], cy: Y(r.from[1]), r: 0.2, fill: "#1d7a3d", class: "sight" }));
    }
  }

  function toolbar(holder, view, ui, interactive, pieces) {
    const bar = el("div", { class: "tt-tools" });
    const modes = [["act", interactive ? "Move / throw" : "Select"], ["ruler", "Ruler"], ["sight", "Sight"], ["template", "Template"]];
    for (const [mode, label] of modes) {
      if (mode === "sight" && !interactive) continue;
      const b = el("button", { type: "button", text: label, "data-tool": mode, class: ui.mode === mode ? "on" : "" });
      b.addEventListener("click", () => { ui.mode = mode; ui.ruler = []; if (mode !== "sight") ui.sight = null; redraw(holder); });
      bar.append(b);
    }
    if (ui.mode === "template") {
      const pick = el("select", { "aria-label": "template", class: "tt-template" });
      for (const [k, r, label] of TEMPLATES[view.ruleset] || []) pick.append(el("option", { value: k, text: label, "data-r": r }));
      if (ui.tmpl) pick.value = ui.tmpl; else ui.tmpl = pick.value;
      pick.addEventListener("change", () => { ui.tmpl = pick.value; });
      const clear = el("button", { type: "button", text: "Clear templates" });
      clear.addEventListener("click", () => { ui.templates = []; redraw(holder); });
      bar.append(pick, clear);
    }
    const verbs = pointVerbs(view, ui.selected);
    if (ui.mode === "act" && verbs.length > 1) {
      const pick = el("select", { "aria-label": "what a click does", class: "tt-verb" });
      for (const v of verbs) pick.append(el("option", { value: v, text: `click: ${v.split(":").filter((x, i) => i !== 1).join(" ")}` }));
      if (verbs.includes(ui.verb)) pick.value = ui.verb; else ui.verb = verbs[0];
      pick.addEventListener("change", () => { ui.verb = pick.value; });
      bar.append(pick);
    }
    for (const k of view.ruleset === "public-participation" ? ["move", "voice", "weapons"] : ["weapons"]) {
      const box = el("input", { type: "checkbox", "data-ring": k });
      box.checked = ui.rings[k];
      box.addEventListener("change", () => { ui.rings[k] = box.checked; redraw(holder); });
      bar.append(el("label", { class: "tt-ring" }, box, ` ${k} rings`));
    }
    return bar;
  }

  function status(view, ui, interactive) {
    const lines = [];
    const sel = ui.selected;
    if (ui.mode === "act") {
      if (!sel) lines.push(interactive ? "Click one of your pieces, then a point of the table to move it there (the rules check it)." : "Click a piece to see its rings.");
      else if (!pointVerbs(view, sel).length) lines.push(`${sel}: nothing to do at a point now${legalFor(view, sel).length ? " (see its actions)" : ""}.`);
      else lines.push(`${sel}: click a point of the table, or one of the engine's offered points.`);
    }
    if (ui.mode === "ruler") {
      const [a, b] = ui.ruler;
      if (!a) lines.push("Ruler: click two points or figures (figures are measured edge to edge).");
      else if (!b) lines.push(`Ruler from ${a.what}: click the second point.`);
      else {
        const centre = dist([a.x, a.y], [b.x, b.y]), edge = Math.max(0, centre - a.base - b.base);
        lines.push(`Ruler: ${a.what} to ${b.what}: ${fmt(edge)}" edge to edge${a.base || b.base ? ` (${fmt(centre)}" centre to centre)` : ""}.`);
      }
    }
    if (ui.mode === "sight") {
      if (!ui.sight) lines.push("Sight: click where to look from (or one of your figures), then where to look.");
      else if (!ui.sight.to) lines.push("Sight: now click where to look.");
      else if (ui.sight.text) lines.push(`Sight: ${ui.sight.text} [${ui.sight.rule}]`);
      else lines.push("Sight: asking the table…");
    }
    if (ui.mode === "template") lines.push("Template: click to place it (a drawing aid; figures under it are ringed).");
    // The pointer's place in inches sits below the board, so that its changing text never moves the board.
    return el("p", { class: "tt-status" }, el("span", { class: "tt-where muted" }), el("span", { role: "status", text: lines.join(" ") }));
  }

  // ---- what clicks do ------------------------------------------------------------------------------
  function legalFor(view, piece) { return view.legal_actions.filter((a) => a.id.split(":")[1] === piece); }

  function pointVerbs(view, piece) {
    const out = [];
    for (const a of view.legal_actions) {
      const m = POINT.exec(a.id);
      if (m && m[2] === piece) { const v = `${m[1]}:${m[2]}${m[3] ? `:${m[3]}` : ""}`; if (!out.includes(v)) out.push(v); }
    }
    return out;
  }

  function toInches(svg, ev, depth) {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, depth - p.y];
  }

  function pick(holder, p, view) {
    const rec = boards.get(holder), ui = rec.ui;
    if (ui.mode === "ruler" || ui.mode === "sight" || ui.mode === "template") {
      clickTable(holder, [p.x, p.y], [], p);
      return;
    }
    ui.selected = p.piece; ui.focus = p.id;
    if (rec.ctx.act && typeof Boards !== "undefined") Boards.onPick(p.piece);  // the action list shows this piece's actions
    redraw(holder);
  }

  function clickTable(holder, at, pieces, piece) {
    const rec = boards.get(holder), ui = rec.ui, view = rec.view;
    const where = piece ? { x: piece.x, y: piece.y, base: piece.base, what: piece.id }
      : { x: at[0], y: at[1], base: 0, what: `(${fmt(at[0])}, ${fmt(at[1])})` };
    if (ui.mode === "ruler") {
      ui.ruler = ui.ruler.length === 1 ? [ui.ruler[0], where] : [where];
    } else if (ui.mode === "template") {
      const t = (TEMPLATES[view.ruleset] || []).find((x) => x[0] === ui.tmpl);
      if (t) ui.templates.push({ x: where.x, y: where.y, r: t[1], label: t[0] });
    } else if (ui.mode === "sight") {
      if (!ui.sight || ui.sight.to) ui.sight = { from: [where.x, where.y] };
      else {
        ui.sight.to = [where.x, where.y];
        rec.ctx.send && rec.ctx.send({ type: "sight", a: ui.sight.from, b: ui.sight.to });
      }
    } else {
      const verb = pointVerbs(view, ui.selected).includes(ui.verb) ? ui.verb : pointVerbs(view, ui.selected)[0];
      if (ui.selected && verb && rec.ctx.act) {
        rec.ctx.act(`${verb}:${fmt(at[0])},${fmt(at[1])}`);
        return;
      }
    }
    redraw(holder);
  }

  function redraw(holder) { const rec = boards.get(holder); if (rec) drawBoard(holder, rec.view, rec.ctx); }

  return {
    rulesets: ["public-participation", "breaking-of-nations"],
    draw: drawBoard,
    // The server's answer to a "sight" message: shown on the board that asked.
    onSight(message) {
      for (const [holder, rec] of boards) {
        const r = rec.ui.sight;
        if (r && r.to && !r.text && Math.abs(r.to[0] - message.to[0]) < 1e-6 && Math.abs(r.to[1] - message.to[1]) < 1e-6) {
          rec.ui.sight = message;
          redraw(holder);
        }
      }
    },
  };
})();

// Hook into the shared boards: the two rulesets on a table in inches are drawn here.
if (typeof Boards !== "undefined") {
  const drawOthers = Boards.draw;
  Boards.draw = (holder, view, act, ctx) => {
    if (!Tabletop.rulesets.includes(view.ruleset)) return drawOthers(holder, view, act);
    try { Tabletop.draw(holder, view, { ...(ctx || {}), act: act || null }); } catch (err) {
      console.error(`board: ${err}`); drawOthers(holder, { ...view, ruleset: "none" }, act);
    }
  };
}
