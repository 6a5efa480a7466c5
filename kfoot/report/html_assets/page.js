"use strict";
// kfoot's HTML page: reads the JSON block, draws the treemap (SVG) and sortable tables.
// Every name comes from a user's binary: text is set with textContent only, never as markup.
(function () {
  const data = JSON.parse(document.getElementById("kfoot-data").textContent);
  const app = document.getElementById("app");
  const SVGNS = "http://www.w3.org/2000/svg";
  const W = 1200, H = 640;

  const fmt = (n) => Number(n).toLocaleString("en-US");
  const signed = (n) => (n > 0 ? "+" : "") + fmt(n);
  function human(n) {
    let v = Number(n);
    for (const unit of ["B", "KiB", "MiB", "GiB"]) {
      if (Math.abs(v) < 1024 || unit === "GiB") return unit === "B" ? v + " B" : v.toFixed(1) + " " + unit;
      v /= 1024;
    }
  }
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = String(text);
    return node;
  }
  function svg(tag, attrs) {
    const node = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }
  const add = (parent, child) => (parent.appendChild(child), child);

  // ------------------------------------------------------------------ sortable tables
  // columns: [{label, type: "num" | "text" | "delta", name: true for long names}]
  function table(id, title, columns, rows, opts) {
    opts = opts || {};
    const section = add(app, el("section", { id: id }));
    add(section, el("h2", {}, title));
    if (opts.note) add(section, el("p", { class: "note" }, opts.note));
    if (!rows.length) { add(section, el("p", { class: "note" }, opts.empty || "none")); return section; }
    const tableEl = add(section, el("table", { "data-table": id }));
    const headRow = add(add(tableEl, el("thead")), el("tr"));
    const body = add(tableEl, el("tbody"));
    let order = { col: -1, dir: 1 };
    columns.forEach((col, index) => {
      const th = add(headRow, el("th", { class: col.type === "text" ? "text" : "", "data-col": String(index) }, col.label));
      th.title = "sort by " + col.label;
      th.addEventListener("click", () => {
        order = { col: index, dir: order.col === index ? -order.dir : (col.type === "text" ? 1 : -1) };
        headRow.querySelectorAll("th").forEach((h) => h.classList.remove("sorted-asc", "sorted-desc"));
        th.classList.add(order.dir > 0 ? "sorted-asc" : "sorted-desc");
        const sorted = rows.slice().sort((a, b) => {
          const x = a[index], y = b[index];
          const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
          return c * order.dir;
        });
        fill(sorted);
      });
    });
    function fill(list) {
      body.replaceChildren();
      for (const row of list) {
        const tr = add(body, el("tr"));
        const cls = opts.rowClass ? opts.rowClass(row) : "";
        if (cls) tr.className = cls;
        columns.forEach((col, index) => {
          const value = row[index];
          const text = col.type === "num" ? fmt(value) : col.type === "delta" ? (value ? signed(value) : "0") : value;
          const td = add(tr, el("td", {}, text));
          td.className = [col.type === "text" ? "text" : "", col.name ? "name" : "",
            col.type === "delta" && value ? (value > 0 ? "grew" : "shrank") : ""].filter(Boolean).join(" ");
          if (col.type !== "text") td.setAttribute("data-value", String(value));
        });
      }
    }
    fill(rows);
    return section;
  }

  // ------------------------------------------------------------------ treemap
  // Squarified layout (Bruls, Huizing, van Wijk): rows of rectangles as close to square as may be.
  function squarify(nodes, x, y, w, h) {
    const out = [];
    const total = nodes.reduce((s, n) => s + n.v, 0);
    if (total <= 0 || w <= 0 || h <= 0) return out;
    const scale = (w * h) / total;
    const worst = (min, max, sum, side) => Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
    let i = 0;
    while (i < nodes.length) {
      const side = Math.min(w, h);
      let sum = nodes[i].v * scale, min = sum, max = sum, j = i + 1;
      let best = worst(min, max, sum, side);
      while (j < nodes.length) {
        const a = nodes[j].v * scale;
        const next = worst(Math.min(min, a), Math.max(max, a), sum + a, side);
        if (next > best) break;
        best = next; sum += a; min = Math.min(min, a); max = Math.max(max, a); j++;
      }
      const row = nodes.slice(i, j);
      if (w >= h) {
        const cw = sum / h; let yy = y;
        for (const n of row) { const hh = (n.v * scale) / cw; out.push([n, x, yy, cw, hh]); yy += hh; }
        x += cw; w -= cw;
      } else {
        const rh = sum / w; let xx = x;
        for (const n of row) { const ww = (n.v * scale) / rh; out.push([n, xx, y, ww, rh]); xx += ww; }
        y += rh; h -= rh;
      }
      i = j;
    }
    return out;
  }

  const KIND_COLOURS = { host: "#9e9e9e", overhead: "#616161", filtered: "#d0d0d0", rest: "#b8b8b8", other: "#c9c9c9" };
  const STATUS_COLOURS = { grew: "#d73027", added: "#a50026", shrank: "#1a9850", removed: "#006837", unchanged: "#9e9e9e",
    launched: "#1a9850", "never-launched": "#d73027", "partly-launched": "#fdae61" };
  const PALETTE = [210, 30, 120, 280, 0, 180, 60, 330, 90, 250];
  function colour(node, index, depth) {
    if (node.s) return STATUS_COLOURS[node.s] || "#9e9e9e";
    if (KIND_COLOURS[node.k]) return KIND_COLOURS[node.k];
    return "hsl(" + PALETTE[index % PALETTE.length] + ", 55%, " + (depth ? 72 : 58) + "%)";
  }
  function describe(node, parent) {
    let text = node.n + "\n" + fmt(node.v) + " bytes (" + human(node.v) + ")";
    if (parent && parent.v) text += ", " + ((100 * node.v) / parent.v).toFixed(1) + "% of " + parent.n;
    if (node.r !== undefined) text += "\nreal figure: " + fmt(node.r) + " bytes";
    if (node.d !== undefined) text += "\nchange: " + signed(node.d) + " bytes";
    if (node.t) text += "\n" + node.t;
    return text;
  }
  function label(text, width) {
    const chars = Math.floor((width - 6) / 6.5);
    if (chars < 3) return "";
    return text.length > chars ? text.slice(0, chars - 1) + "\u2026" : text;
  }

  function treemap(root, title, note) {
    (function link(node) { for (const c of node.c || []) { c.parent = node; link(c); } })(root);
    const section = add(app, el("section", { id: "treemap" }));
    add(section, el("h2", {}, title));
    add(section, el("p", { class: "note" }, note));
    const crumbs = add(section, el("nav", { class: "crumbs" }));
    const picture = add(section, svg("svg", { class: "treemap", viewBox: "0 0 " + W + " " + H, role: "img" }));
    function draw(node) {
      crumbs.replaceChildren();
      if (node.parent) {
        const up = add(crumbs, el("button", { "data-up": "1" }, "\u2191 back out"));
        up.addEventListener("click", () => draw(node.parent));
      }
      const path = [];
      for (let n = node; n; n = n.parent) path.unshift(n);
      for (const n of path) {
        const b = add(crumbs, el("button", { "data-crumb": "1" }, n.n + " (" + human(n.v) + ")"));
        b.title = n.n;
        b.addEventListener("click", () => draw(n));
      }
      picture.replaceChildren();
      picture.setAttribute("data-zoom", node.n);
      const kids = (node.c || []).filter((c) => c.v > 0).sort((a, b) => b.v - a.v);
      const cells = kids.length ? squarify(kids, 0, 0, W, H) : [[node, 0, 0, W, H]];
      cells.forEach(([child, x, y, w, h], index) => {
        const g = add(picture, svg("g", { class: "cell", "data-name": child.n, "data-bytes": String(child.v), "data-kind": child.k }));
        if (child.s) g.setAttribute("data-status", child.s);
        const fill = colour(child, index, 0);
        add(g, svg("rect", { x: x, y: y, width: Math.max(w, 0), height: Math.max(h, 0), fill: fill }));
        add(add(g, svg("title")), document.createTextNode(describe(child, node)));
        const grand = (child.c || []).filter((c) => c.v > 0).sort((a, b) => b.v - a.v);
        if (grand.length && w > 30 && h > 30) {
          squarify(grand, x + 3, y + 16, w - 6, h - 19).forEach(([gc, gx, gy, gw, gh], gi) => {
            const inner = add(g, svg("rect", { class: "inner", x: gx, y: gy, width: gw, height: gh,
              fill: KIND_COLOURS[gc.k] || gc.s ? colour(gc, gi, 1) : "hsl(" + PALETTE[index % PALETTE.length] + ", 50%, " + (66 + (gi % 3) * 7) + "%)",
              "data-name": gc.n, "data-bytes": String(gc.v) }));
            add(add(inner, svg("title")), document.createTextNode(describe(gc, child)));
            if (gw > 50 && gh > 14) {
              const t = add(g, svg("text", { x: gx + 3, y: gy + 12 }));
              t.textContent = label(gc.n, gw);
            }
          });
        }
        if (h > 12) {
          const t = add(g, svg("text", { x: x + 3, y: y + 12, "font-weight": "bold" }));
          t.textContent = label(child.n + " " + human(child.v), w);
        }
        if (child.c && child.c.length) g.addEventListener("click", () => draw(child));
      });
    }
    draw(root);
  }

  // ------------------------------------------------------------------ the report page
  const SUMMARY_LABELS = {
    size: "file bytes", stored_bytes: "device images, stored", image_bytes: "device images, uncompressed",
    code_bytes: "kernel code", host_bytes: "host code and data", overhead_bytes: "fatbin container overhead",
    filtered_bytes: "left out by filters", kernels: "kernels", distinct_kernels: "distinct kernels",
    global_symbols: "global symbols", duplicate_bytes: "bytes in duplicate kernel copies",
    relocatable_kernels: "relocatable kernels (never loaded)", relocatable_bytes: "relocatable copies, stored (never loaded)",
  };
  const num = (label) => ({ label: label, type: "num" });
  const text = (label, name) => ({ label: label, type: "text", name: !!name });
  const delta = (label) => ({ label: label, type: "delta" });

  function reportPage() {
    document.title = data.title;
    add(app, el("h1", {}, data.title));
    const opts = data.options || {};
    const filters = ["sections", "archs", "filter"].filter((k) => opts[k]).map((k) => k + ": " + [].concat(opts[k]).join(","));
    add(app, el("p", { class: "note" }, "kfoot " + (data.tool.version || "") + (filters.length ? "; filters: " + filters.join("; ") : "")));
    const L = data.limits;
    treemap(data.tree, "Where the bytes are",
      "Areas are bytes: file \u2192 host section \u2192 arch (as stored) \u2192 template family \u2192 kernel. " +
      "Click a rectangle to zoom in, a button above it to back out; hover for exact figures. " +
      "Inside a compressed arch the areas are split in proportion to uncompressed bytes. Per arch the " +
      fmt(L.families_per_arch) + " largest families and per family the " + fmt(L.kernels_per_family) +
      " largest kernels are drawn; the rest are one \u201cother\u201d rectangle each.");
    const images = data.images || {};
    const summary = data.summary.map(([k, v]) => [SUMMARY_LABELS[k] || k, v]);
    summary.push(["images (sass, ptx, ltoir, undecodable)", [images.sass || 0, images.ptx || 0, images.ltoir || 0, images.undecodable || 0].join(", ")]);
    summary.push(["compression", Object.entries(data.compression || {}).filter(([, n]) => n).map(([k, n]) => n + " " + k).join(", ") || "-"]);
    table("summary", "Summary", [text("figure"), { label: "value", type: "mixed" }],
      summary.map(([k, v]) => [k, typeof v === "number" ? fmt(v) : v]));
    if (data.files.length > 1) {
      table("files", "Files", [text("file", true), text("format"), ...data.summary.map(([k]) => num(SUMMARY_LABELS[k] || k))], data.files);
    }
    table("families", "By family", [text("family", true), num("kernels"), num("distinct"), num("code bytes")], data.families);
    table("archs", "By arch", [text("arch"), text("kind"), num("images"), num("kernels"), num("stored bytes"), num("image bytes")], data.archs);
    table("kinds", "By kind", [text("kind"), num("images"), num("kernels"), num("stored bytes"), num("image bytes")], data.kinds);
    table("sections", "By host section", [text("section"), num("containers"), num("images"), num("kernels"), num("stored bytes"), num("overhead bytes")], data.sections);
    table("image-sections", "Inside the SASS images", [text("arch"), ...data.image_section_names.map(num), num("image bytes")], data.image_sections);
    table("duplicates", "Duplicate kernels", [text("file", true), text("kernel", true), text("arch"), text("copies / files", true), num("wasted bytes")],
      data.duplicates, { note: capNote(data.duplicates.length, data.duplicate_count, "duplicates") });
    if (data.has_kernel_list) {
      table("kernels", "Per-kernel resources", [text("file", true), text("kernel", true), text("family", true), text("arch"), num("code bytes"),
        num("registers"), num("stack bytes"), num("shared bytes"), num("local bytes"), num("constant bytes"), num("param bytes")],
        data.kernels, { note: capNote(data.kernels.length, data.kernel_count, "kernels") });
    }
    if (data.unreadable.length) {
      table("unreadable", "Binaries kfoot cannot read (left out)", [text("file", true), text("member", true), text("reason", true)], data.unreadable);
    }
    if (data.undecodable.length) {
      table("undecodable", "Undecodable images", [text("file", true), text("section"), num("offset"), text("arch"), text("kind"), text("reason", true)], data.undecodable);
    }
  }
  function capNote(shown, total, what) {
    return shown < total ? "The " + fmt(shown) + " largest of " + fmt(total) + " " + what + " (the JSON report has them all)." : "";
  }

  // ------------------------------------------------------------------ the diff page
  function diffPage() {
    document.title = data.title;
    add(app, el("h1", {}, data.title));
    const legend = add(app, el("p", { class: "legend" }));
    for (const s of ["grew", "added", "shrank", "removed", "unchanged"]) {
      const span = add(legend, el("span", {}, s));
      span.style.background = STATUS_COLOURS[s];
    }
    if (data.zero) add(app, el("p", { class: "note", id: "zero" }, "No change in device code."));
    const sign = (n) => (n > 0 ? "grew" : n < 0 ? "shrank" : "");
    table("totals", "Totals", [text("figure"), num("base"), num("new"), delta("change")], data.totals,
      { rowClass: (r) => sign(r[3]) });
    treemap(data.tree, "Kernel code in NEW by family",
      "Areas are each family's kernel code bytes in NEW, coloured by its change: red grew, green shrank, grey unchanged " +
      "(removed families have no area in NEW: see the table). Hover for the change in bytes.");
    table("families", "Families", [text("family", true), text("change"), num("kernels, base"), num("kernels, new"), delta("kernels change"),
      num("code bytes, base"), num("code bytes, new"), delta("code bytes change")], data.families, { rowClass: (r) => r[1] });
    const groupColumns = (what) => [text(what), text("status"), num("stored, base"), num("stored, new"), delta("stored change"),
      num("image, base"), num("image, new"), delta("image change")];
    table("archs", "Archs", groupColumns("arch"), data.archs, { rowClass: (r) => r[1] === "changed" ? sign(r[4] || r[7]) : r[1] });
    table("kinds", "Kinds", groupColumns("kind"), data.kinds, { rowClass: (r) => r[1] === "changed" ? sign(r[4] || r[7]) : r[1] });
    table("kernel-changes", "Kernels added and removed", [text("family", true), text("change"), text("kernel", true)], data.kernel_changes,
      { rowClass: (r) => r[1], note: "At most " + fmt(data.limits.kernels_per_family) + " per family and direction (the JSON diff lists more)." });
  }

  // ------------------------------------------------------------------ the explain page
  function explainPage() {
    document.title = data.title;
    add(app, el("h1", {}, data.title));
    const usage = data.usage;
    add(app, el("p", { class: "note" }, fmt(data.kernels) + " kernels in " + fmt(data.family_count) + " families; " +
      fmt(data.identical_groups) + " identical-code groups, folding them would save " + fmt(data.foldable_bytes) + " bytes."));
    if (usage) {
      const legend = add(app, el("p", { class: "legend", id: "usage-legend" }));
      for (const s of ["launched", "partly-launched", "never-launched"]) {
        const span = add(legend, el("span", {}, s.replace("-", " ")));
        span.style.background = STATUS_COLOURS[s];
      }
      table("usage", "Usage", [text("figure"), num("value")], usage.summary);
      table("usage-files", "Usage files", [text("file", true), text("format"), num("names"), num("launches")], usage.files);
    }
    treemap(data.tree, "Kernel code by family",
      usage ? "Areas are each family's kernel code bytes, every arch, split into its launched kernels' code (green) and " +
        "its never-launched kernels' (red). Click a family to zoom in; hover for exact figures."
        : "Areas are each family's kernel code bytes, every arch. Hover for exact figures.");
    const columns = [text("family", true), num("kernels"), num("distinct"), num("code bytes"), text("axes"), num("present"),
      num("grid"), text("dense / sparse"), text("largest axis"), num("foldable bytes")];
    if (usage) columns.push(num("launched"), num("never launched"), num("never launched: code bytes"), num("eager memory bytes"));
    table("families", "Families", columns, data.families, {
      rowClass: usage ? (r) => r[14] : null,
      note: capNote(data.families.length, data.family_count, "families") });
    if (usage && usage.unmatched.length) {
      table("unmatched", "Usage names that match no kernel", [text("name", true)], usage.unmatched);
    }
  }

  if (data.page === "diff") diffPage(); else if (data.page === "explain") explainPage(); else reportPage();
  document.body.setAttribute("data-rendered", data.page);
})();
