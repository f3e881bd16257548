#include "replay_page.hpp"

#include <fmt/format.h>

#include "svg_drawing.hpp"

namespace mcsim {

namespace {

constexpr const char* kStyle = R"CSS(
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fdfdfd; --panel: #f1f1f1; --accent: #1f78b4; }
@media (prefers-color-scheme: dark) { :root { --fg: #e8e8e8; --bg: #1c1c1e; --panel: #2a2a2d; --accent: #6fb3e8; } }
body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 0.6rem 1rem; max-width: 1500px; color: var(--fg);
       background: var(--bg); }
h1 { font-size: 1.15rem; margin: 0.2rem 0 0.4rem; }
.notes { background: #fff3cd; color: #533f03; padding: 0.3rem 0.6rem; border-radius: 4px; margin: 0.3rem 0; }
.controls { display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; background: var(--panel);
            padding: 0.4rem 0.6rem; border-radius: 6px; position: sticky; top: 0; z-index: 2; }
.controls input[type=range] { flex: 1 1 260px; min-width: 160px; }
.controls button, .controls select { font: inherit; }
.readout { font-variant-numeric: tabular-nums; }
.main { display: flex; flex-wrap: wrap; gap: 0.8rem; margin-top: 0.6rem; }
.net { flex: 3 1 600px; min-width: 0; }
.net canvas, .lanes canvas { width: 100%; height: auto; display: block; background: #fff; border-radius: 4px;
                             cursor: crosshair; }
aside { flex: 1 1 260px; background: var(--panel); border-radius: 6px; padding: 0.5rem 0.7rem; font-size: 0.9rem;
        overflow-wrap: anywhere; }
aside h2 { font-size: 1rem; margin: 0 0 0.3rem; }
aside ul { padding-left: 1.1rem; margin: 0.2rem 0; }
.lanes { position: relative; margin-top: 0.8rem; }
.cursor { position: absolute; top: 0; bottom: 0; width: 2px; background: var(--accent); pointer-events: none; }
.legend { display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; font-size: 0.85rem; margin: 0.5rem 0; }
.legend span::before { content: ""; display: inline-block; width: 0.9em; height: 0.7em; margin-right: 0.3em;
                       background: var(--c); vertical-align: baseline; }
.how { font-size: 0.85rem; }
)CSS";

constexpr const char* kScript = R"JS(
"use strict";
const D = JSON.parse(document.getElementById("replay-data").textContent);
const net = document.getElementById("net"), lanes = document.getElementById("lanes");
const nctx = net.getContext("2d"), lctx = lanes.getContext("2d");
const slider = document.getElementById("time"), info = document.getElementById("info");
const END = D.end, BIN = END / D.bins;
let t = 0, playing = false, selected = null, last = null;

// Messages in start order, with their route drawn as points (a line link: its two ends; a box: its centre;
// a torus' wrap-around link: its arrow out, then a jump (a point marked true) to its arrow in).
const M = D.messages.map(m => ({src: m[0], dst: m[1], bytes: m[2], phase: m[3], start: m[4], end: m[5], route: m[6]}));
const L = D.links.map(l => l[0] === null ? {name: l[1], bw: l[2], bytes: l[3]} :
  {box: l[0] === 1, x1: l[1], y1: l[2], x2: l[3], y2: l[4], stroke: l[5], name: l[6], bw: l[7], bytes: l[8],
   enter: l[0] === 0 && l.length > 9 ? l.slice(9, 13) : null, outline: l[0] === 1 && l.length > 9 ? l[9] : null});
for (const m of M) {
  const p = [D.nodes[m.src]];
  for (const k of m.route) {
    const l = L[k];
    if (l.x1 === undefined) continue;
    if (l.box) p.push([l.x1 + l.x2 / 2, l.y1 + l.y2 / 2]); else { p.push([l.x1, l.y1]); p.push([l.x2, l.y2]); }
    if (l.enter) { p.push([l.enter[0], l.enter[1], true]); p.push([l.enter[2], l.enter[3]]); }
  }
  p.push(D.nodes[m.dst]);
  const len = [0];  // a jump takes no length: the message goes on from the other edge
  for (let i = 1; i < p.length; ++i) len.push(len[i - 1] + (p[i][2] ? 0 : Math.hypot(p[i][0] - p[i - 1][0], p[i][1] - p[i - 1][1])));
  m.points = p; m.lengths = len;
}
// An arrow from (x1, y1) to (x2, y2): the wrap-around links' halves, which say where the link goes on.
function arrow(x1, y1, x2, y2, width) {
  const a = Math.atan2(y2 - y1, x2 - x1), h = Math.max(4, width * 2.5);
  nctx.beginPath(); nctx.moveTo(x1, y1); nctx.lineTo(x2, y2); nctx.stroke();
  nctx.beginPath(); nctx.moveTo(x2, y2); nctx.lineTo(x2 - h * Math.cos(a - 0.45), y2 - h * Math.sin(a - 0.45));
  nctx.lineTo(x2 - h * Math.cos(a + 0.45), y2 - h * Math.sin(a + 0.45)); nctx.closePath(); nctx.fill();
}
const starts = M.map(m => m.start);
let longest = 0;
for (const m of M) longest = Math.max(longest, m.end - m.start);
// Every instant a message starts or ends, for "next event".
const events = Array.from(new Set(M.flatMap(m => [m.start, m.end]))).sort((a, b) => a - b);
// Per link, its utilisation summed over the bins up to each one (the data gives it per bin, in whole
// percent, where it changes), for its utilisation in any window.
const cumulative = new Array(L.length).fill(null);
for (const row of D.load) {
  const c = new Float64Array(D.bins + 1);
  let percent = 0, next = 1;
  for (let k = 0; k < D.bins; ++k) {
    if (next < row.length && row[next] === k) { percent = row[next + 1]; next += 2; }
    c[k + 1] = c[k] + percent / 100;
  }
  cumulative[row[0]] = c;
}
function busyBins(link, at) {  // bins' worth of full use up to `at`
  const c = cumulative[link];
  if (!c) return 0;
  const x = Math.min(Math.max(at / BIN, 0), D.bins), k = Math.min(Math.floor(x), D.bins - 1);
  return c[k] + (c[k + 1] - c[k]) * (x - k);
}
function utilisation(link, from, to) {
  return to > from ? (busyBins(link, to) - busyBins(link, from)) * BIN / (to - from) : 0;
}
function windowAt(at) {
  const w = END * Number(document.getElementById("window").value);
  const from = Math.max(0, Math.min(at, END) - w);
  return [from, Math.max(from + w, at)];
}
function bisect(a, x) { let lo = 0, hi = a.length; while (lo < hi) { const mid = (lo + hi) >> 1; if (a[mid] <= x) lo = mid + 1; else hi = mid; } return lo; }
// The messages in flight at `at`: started (start <= at) and not arrived (at < end).
function inFlight(at) {
  const out = [];
  for (let i = bisect(starts, at) - 1; i >= 0 && starts[i] >= at - longest; --i) if (M[i].end > at) out.push(M[i]);
  return out;
}
const phaseColours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22"];
const ms = s => (s * 1e3).toPrecision(6).replace(/\.?0+$/, "");

net.width = D.w; net.height = D.h;
function drawNetwork() {
  nctx.fillStyle = "#fff"; nctx.fillRect(0, 0, net.width, net.height);
  nctx.strokeStyle = "#bbb";  // switches (crossbars, the star's switch) under the links
  for (const [x1, y1, x2, y2, w] of D.switches) { nctx.lineWidth = w; nctx.beginPath(); nctx.moveTo(x1, y1); nctx.lineTo(x2, y2); nctx.stroke(); }
  const [from, to] = windowAt(t);
  for (let k = 0; k < L.length; ++k) {
    const l = L[k];
    if (l.x1 === undefined) continue;
    const u = utilisation(k, from, to);
    const colour = D.heat[Math.min(100, Math.round(u * 100))];
    const chosen = selected && selected.link === k;
    if (l.box) {
      nctx.fillStyle = colour; nctx.fillRect(l.x1, l.y1, l.x2, l.y2);
      // The outline: a hypercube channel's dimension (its row's label in the same colour), the fill its load.
      nctx.strokeStyle = chosen ? "#000" : l.outline || "#555"; nctx.lineWidth = chosen ? 2 : l.outline ? 1.5 : 0.5;
      nctx.strokeRect(l.x1, l.y1, l.x2, l.y2);
    } else {
      nctx.strokeStyle = chosen ? "#000" : colour; nctx.lineWidth = Math.max(1.2, l.stroke * 1.6) * (chosen ? 2 : 1);
      if (l.enter) {
        nctx.fillStyle = nctx.strokeStyle;
        arrow(l.x1, l.y1, l.x2, l.y2, nctx.lineWidth); arrow(l.enter[0], l.enter[1], l.enter[2], l.enter[3], nctx.lineWidth);
      } else {
        nctx.beginPath(); nctx.moveTo(l.x1, l.y1); nctx.lineTo(l.x2, l.y2); nctx.stroke();
      }
    }
  }
  nctx.fillStyle = "#333"; nctx.font = "9px sans-serif"; nctx.textAlign = "center";
  D.nodes.forEach((p, n) => {
    nctx.beginPath(); nctx.arc(p[0], p[1], selected && selected.node === n ? 5 : 3, 0, 2 * Math.PI); nctx.fill();
    // A crossbar's stubs leave a node downwards and to the right: its number above and left of it.
    if (D.n <= 64 && D.layout === "crossbars") { nctx.textAlign = "right"; nctx.fillText(n, p[0] - 5, p[1] - 4); nctx.textAlign = "center"; }
    else if (D.n <= 64 && D.layout !== "dimensions") nctx.fillText(n, p[0], p[1] + 13);
  });
  if (D.layout === "dimensions" && D.n <= 64) {  // a hypercube's node numbers in binary, read upwards
    const bits = Math.max(1, Math.ceil(Math.log2(D.n)));
    nctx.textAlign = "left";
    D.nodes.forEach((p, n) => {
      nctx.save(); nctx.translate(p[0] + 3, p[1] - 6); nctx.rotate(-Math.PI / 2);
      nctx.fillText(n.toString(2).padStart(bits, "0"), 0, 0); nctx.restore();
    });
  }
  nctx.textAlign = "right";
  for (const [text, x, y, colour] of D.labels) { nctx.fillStyle = colour || "#333"; nctx.fillText(text, x, y); }
  const flying = inFlight(t);
  for (const m of flying) {
    const mine = selected && (selected.node === m.src || selected.node === m.dst || (selected.link !== undefined && m.route.includes(selected.link)));
    if (mine) {  // the route of a selected node's or link's messages
      nctx.strokeStyle = "rgba(0,0,0,0.35)"; nctx.lineWidth = 1; nctx.beginPath();
      m.points.forEach((p, i) => i && !p[2] ? nctx.lineTo(p[0], p[1]) : nctx.moveTo(p[0], p[1])); nctx.stroke();
    }
    const along = m.lengths[m.lengths.length - 1] * Math.min(1, (t - m.start) / Math.max(m.end - m.start, 1e-15));
    let i = 1;
    while (i < m.lengths.length - 1 && m.lengths[i] < along) ++i;
    const seg = m.lengths[i] - m.lengths[i - 1], f = seg > 0 ? (along - m.lengths[i - 1]) / seg : 0;
    const a = m.points[i - 1], b = m.points[i];
    nctx.fillStyle = phaseColours[m.phase % phaseColours.length];
    nctx.beginPath(); nctx.arc(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, mine ? 4.5 : 3, 0, 2 * Math.PI); nctx.fill();
  }
  return flying.length;
}

// The lanes: drawn once, then only the cursor moves.
const LEFT = 60, PLOT = 1100, ROW = D.n <= 32 ? 16 : D.n <= 64 ? 11 : Math.max(2, 700 / D.n), TOP = 20;
lanes.width = LEFT + PLOT + 20; lanes.height = TOP + ROW * D.n + 30;
const xOf = s => LEFT + PLOT * s / END;
function drawLanes() {
  lctx.fillStyle = "#fff"; lctx.fillRect(0, 0, lanes.width, lanes.height);
  lctx.font = "10px sans-serif"; lctx.textAlign = "right"; lctx.fillStyle = "#333";
  for (let n = 0; n < D.n; ++n) {
    lctx.fillStyle = n % 2 ? "#fafafa" : "#f0f0f0"; lctx.fillRect(LEFT, TOP + n * ROW, PLOT, ROW - 1);
    if (ROW >= 9 || n % 8 === 0) { lctx.fillStyle = "#333"; lctx.fillText(n, LEFT - 4, TOP + n * ROW + ROW * 0.8); }
    const s = D.states[n];
    for (let i = 0; i < s.length; i += 3) {
      const a = D.activities[s[i + 2]];
      lctx.fillStyle = a[2];
      lctx.fillRect(xOf(s[i]), TOP + n * ROW + (a[0] === "program" ? 0.5 : ROW * 0.48), Math.max(0.4, xOf(s[i + 1]) - xOf(s[i])), ROW * 0.44);
    }
  }
  lctx.strokeStyle = "#000"; lctx.lineWidth = 1;
  for (const [, at] of D.phases) { lctx.beginPath(); lctx.moveTo(xOf(at), TOP - 6); lctx.lineTo(xOf(at), TOP); lctx.stroke(); }
  lctx.fillStyle = "#333"; lctx.textAlign = "center";
  for (let k = 0; k <= 10; ++k) lctx.fillText(ms(END * k / 10), xOf(END * k / 10), TOP + ROW * D.n + 14);
  lctx.fillText("time (ms); tick above: a phase begins", LEFT + PLOT / 2, TOP + ROW * D.n + 27);
}

function describe() {
  if (!selected) { info.innerHTML = "<h2>Click a node or a link</h2><p>(or a row of the lanes)</p>"; return; }
  const esc = s => String(s).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
  const list = (ms_) => "<ul>" + ms_.slice(0, 8).map(m => `<li>${m.src} &rarr; ${m.dst}: ${m.bytes} B, phase ${m.phase}, ${ms(m.start)}&ndash;${ms(m.end)} ms</li>`).join("") +
    (ms_.length > 8 ? `<li>and ${ms_.length - 8} more</li>` : "") + "</ul>";
  const flying = inFlight(t);
  if (selected.node !== undefined) {
    const n = selected.node, s = D.states[n];
    const program = [], network = [];
    for (let i = 0; i < s.length; i += 3) if (s[i] <= t && t < s[i + 1]) (D.activities[s[i + 2]][0] === "program" ? program : network).push(D.activities[s[i + 2]]);
    const out = flying.filter(m => m.src === n), inn = flying.filter(m => m.dst === n);
    info.innerHTML = `<h2>Node ${n} at ${ms(t)} ms</h2><p>program: ${program.length ? esc(program[0][3]) : "running or idle"}<br>` +
      `interface: ${network.length ? esc(network[0][3]) : "idle"}</p><p>${out.length} message(s) of it in flight</p>${list(out)}` +
      `<p>${inn.length} message(s) to it in flight</p>${list(inn)}`;
  } else {
    const k = selected.link, l = L[k], [from, to] = windowAt(t);
    const on = flying.filter(m => m.route.includes(k));
    info.innerHTML = `<h2>${esc(l.name)}</h2><p>bandwidth ${(l.bw / 1e6).toPrecision(4)} MB/s<br>utilisation in the window ` +
      `${ms(from)}&ndash;${ms(to)} ms: ${utilisation(k, from, to).toFixed(2)}<br>bytes in the whole run: ${Math.round(l.bytes)}</p><p>${on.length} message(s) in flight on its route</p>${list(on)}`;
  }
}

function canvasSum() {
  const px = nctx.getImageData(0, 0, net.width, net.height).data;
  let h = 0;
  for (let i = 0; i < px.length; i += 4) h = (h * 31 + px[i] + 3 * px[i + 1] + 7 * px[i + 2]) >>> 0;
  return h;
}

function show(at) {
  t = Math.min(Math.max(at, 0), END);
  const flying = drawNetwork();
  document.getElementById("in-flight").textContent = flying;
  document.getElementById("clock").textContent = ms(t);
  slider.value = Math.round(t / END * 10000);
  const c = document.getElementById("cursor");
  c.style.left = (xOf(t) / lanes.width * 100) + "%";
  const phase = D.phases.filter(p => p[1] <= t).pop();
  document.getElementById("phase").textContent = phase ? phase[0] : "-";
  describe();
}

function fromHash() {
  const m = /t=([0-9.eE+-]+)/.exec(location.hash);
  if (m) { playing = false; show(Number(m[1]) / 1e3); }
  if (location.hash.includes("check")) document.getElementById("canvas-sum").textContent = canvasSum();
}
function step(list) { const i = bisect(list, t + 1e-15); if (i < list.length) show(list[i]); }
function frame(now) {
  if (!playing) return;
  if (last !== null) show(t + (now - last) / 1e3 * END / Number(document.getElementById("speed").value));
  last = now;
  if (t >= END) { playing = false; document.getElementById("play").textContent = "Play"; return; }
  requestAnimationFrame(frame);
}
document.getElementById("play").onclick = () => {
  playing = !playing; last = null;
  document.getElementById("play").textContent = playing ? "Pause" : "Play";
  if (playing) { if (t >= END) t = 0; requestAnimationFrame(frame); }
};
document.getElementById("next-event").onclick = () => step(events);
document.getElementById("next-phase").onclick = () => step(D.phases.map(p => p[1]));
document.getElementById("window").onchange = () => show(t);
slider.oninput = () => show(slider.value / 10000 * END);
window.addEventListener("hashchange", fromHash);
document.addEventListener("keydown", e => {
  if (e.target.tagName === "SELECT") return;
  if (e.key === " ") { e.preventDefault(); document.getElementById("play").click(); }
  if (e.key === "ArrowRight" && !e.shiftKey) step(events);
});
function segmentDistance(x, y, l) {
  const dx = l.x2 - l.x1, dy = l.y2 - l.y1, len = dx * dx + dy * dy;
  const f = len > 0 ? Math.max(0, Math.min(1, ((x - l.x1) * dx + (y - l.y1) * dy) / len)) : 0;
  return Math.hypot(x - l.x1 - f * dx, y - l.y1 - f * dy);
}
net.onclick = e => {
  const r = net.getBoundingClientRect(), x = (e.clientX - r.left) * net.width / r.width, y = (e.clientY - r.top) * net.height / r.height;
  let best = null, bestD = 8;
  D.nodes.forEach((p, n) => { const d = Math.hypot(x - p[0], y - p[1]); if (d < bestD) { bestD = d; best = {node: n}; } });
  L.forEach((l, k) => {
    if (l.x1 === undefined) return;
    const d = l.box ? (x >= l.x1 && x <= l.x1 + l.x2 && y >= l.y1 && y <= l.y1 + l.y2 ? 0 : 99) : segmentDistance(x, y, l);
    if (d < bestD) { bestD = d; best = {link: k}; }
  });
  selected = best; show(t);
};
lanes.onclick = e => {
  const r = lanes.getBoundingClientRect(), x = (e.clientX - r.left) * lanes.width / r.width, y = (e.clientY - r.top) * lanes.height / r.height;
  const n = Math.floor((y - TOP) / ROW);
  if (n >= 0 && n < D.n) selected = {node: n};
  show((x - LEFT) / PLOT * END);
};

const notes = document.getElementById("notes");
if (D.notes.length) notes.textContent = "Left out: " + D.notes.join("; ") + "."; else notes.remove();
document.getElementById("legend").innerHTML = D.activities.map(a => `<span style="--c:${a[2]}">${a[1]}</span>`).join("") +
  `<span style="--c:${D.heat[10]}">link utilisation 0.1</span><span style="--c:${D.heat[50]}">0.5</span><span style="--c:${D.heat[100]}">1</span>`;
drawLanes();
show(0);
fromHash();
document.getElementById("load-ms").textContent = performance.now().toFixed(0);
)JS";

}  // namespace

std::string replay_page(const ReplayData& data, const std::string& title) {
  const std::string shown_title = svg::escaped(title);
  return fmt::format(
      R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>replay: {0}</title><style>{1}</style></head>
<body>
<h1>{0}</h1>
<p class="notes" id="notes"></p>
<div class="controls">
<button id="play" type="button">Play</button>
<label>run plays in <select id="speed"><option value="5">5 s</option><option value="15" selected>15 s</option><option value="60">60 s</option><option value="300">300 s</option></select></label>
<input id="time" type="range" min="0" max="10000" value="0" aria-label="time">
<span class="readout">t = <span id="clock">0</span> ms, phase <span id="phase">-</span>, in flight: <span id="in-flight">0</span></span>
<button id="next-event" type="button">next event</button>
<button id="next-phase" type="button">next phase</button>
<label>load window <select id="window"><option value="0.01">1%</option><option value="0.02" selected>2%</option><option value="0.05">5%</option><option value="0.1">10%</option></select> of the run</label>
</div>
<div class="main"><div class="net"><canvas id="net"></canvas></div><aside id="info"></aside></div>
<div class="legend" id="legend"></div>
<div class="lanes"><canvas id="lanes"></canvas><div class="cursor" id="cursor"></div></div>
<p class="how">{2} messages recorded, {3} drawn. A dot is a message between its send call and its arrival, moved
along its route in proportion to that time (it does not show where its header or bytes are); its colour is its phase.
A link's colour is its utilisation (bytes moved / (bandwidth &times; window)) in the window before the cursor. Lanes:
each node's program (upper half) and network interface (lower half), as <code>mcsim timeline</code> draws them.
Keys: space plays or pauses, &rarr; goes to the next event. Set up in <span id="load-ms">?</span> ms.
<span id="canvas-sum" hidden></span></p>
<script type="application/json" id="replay-data">{4}</script>
<script>{5}</script>
</body></html>
)",
      shown_title, kStyle, data.messages, data.messages_kept, data.json, kScript);
}

}  // namespace mcsim
