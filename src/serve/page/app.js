// satcover serve: the page's script. Every string that comes from a puzzle or the server
// is put in the page with textContent (never as HTML); pictures are shown through blob URLs
// in <img>, where no script of theirs can run.
'use strict';

const $ = (id) => document.getElementById(id);

const page = {
  solving: null,      // the AbortController of the running solve
  lastSvg: null,      // blob URL of the first solution's picture
  urls: new Map(),    // img id -> blob URL, revoked when replaced
  explanation: null,
  step: 0,
};

function setText(id, text) { $(id).textContent = text == null ? '' : String(text); }

function showSvg(id, svg) {
  const img = $(id);
  const old = page.urls.get(id);
  if (old) URL.revokeObjectURL(old);
  if (!svg) {
    page.urls.delete(id);
    img.removeAttribute('src');
    img.hidden = true;
    return null;
  }
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  page.urls.set(id, url);
  img.src = url;
  img.hidden = false;
  return url;
}

function puzzleBody(extra) {
  const body = { text: $('puzzle').value, kind: $('kind').value };
  if (page.fileName) body.name = page.fileName;
  return Object.assign(body, extra || {});
}

async function postJson(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('Content-Type') || '';
  const data = type.includes('application/json') ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, data };
}

// An error answer: its message, and the cursor put where the puzzle text is wrong.
function showError(id, answer) {
  const data = answer.data || {};
  const message = typeof data === 'string' ? data : (data.error || ('error ' + answer.status));
  setText(id, message);
  if (id === 'puzzle-error' && data.line) selectPosition(data.line, data.column || 1);
}

function selectPosition(line, column) {
  const area = $('puzzle');
  const lines = area.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i += 1) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  area.setSelectionRange(offset, Math.min(area.value.length, offset + 1));
}

// ---- reading the puzzle -------------------------------------------------------------

async function readPuzzle() {
  setText('puzzle-error', '');
  setText('puzzle-info', '');
  $('warnings').replaceChildren();
  showSvg('unsolved', null);
  const answer = await postJson('/api/puzzle', puzzleBody());
  if (!answer.ok) {
    showError('puzzle-error', answer);
    return false;
  }
  const data = answer.data;
  let info = data.kind + ' — ' + data.label;
  if (data.puzzles > 1) info += ' (the first of ' + data.puzzles + ' puzzles in the text)';
  setText('puzzle-info', info);
  for (const warning of data.warnings) {
    const item = document.createElement('li');
    item.textContent = warning;
    $('warnings').append(item);
  }
  showSvg('unsolved', data.svg);
  $('explain').disabled = !data.explains;
  fitTo(data.engines, data.exports);
  return true;
}

// Offer only what fits the puzzle read: engines of its kind to race (`external` where
// `sat` fits), downloads of the files it has.
function fitTo(engines, exports) {
  page.fit = [engines, exports];
  for (const box of document.querySelectorAll('.engine')) {
    const fits = engines.includes(box.value === 'external' ? 'sat' : box.value);
    box.disabled = !fits;
    box.parentElement.classList.toggle('unfit', !fits);
    box.parentElement.title = fits ? (box.parentElement.dataset.title || '') : 'not an engine for this kind';
  }
  $('export-dimacs').hidden = !exports.includes('dimacs');
  $('export-xc').hidden = !exports.includes('xc');
}

// The engines to race, as the server offers them (`external` only with `--solver`).
async function loadBackends() {
  const response = await fetch('/api/backends');
  const offered = await response.json();
  const boxes = offered.engines.map((name) => {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'engine';
    box.value = name;
    box.checked = name !== 'external';
    label.append(box, ' ' + name);
    if (name === 'external') label.title = label.dataset.title = offered.external;
    return label;
  });
  $('engines').replaceChildren(...boxes);
  if (page.fit) fitTo(...page.fit);
}

// The kinds the server reads (its registry), for the kind list.
async function loadKinds() {
  const response = await fetch('/api/kinds');
  const kinds = await response.json();
  for (const kind of kinds) {
    const option = document.createElement('option');
    option.value = kind.name;
    option.textContent = kind.name;
    option.title = kind.about;
    $('kind').append(option);
  }
}

async function loadExamples() {
  const response = await fetch('/api/examples');
  const examples = await response.json();
  page.examples = examples;
  examples.forEach((example, i) => {
    const option = document.createElement('option');
    option.value = String(i);
    option.textContent = example.title;
    $('examples').append(option);
  });
}

function pickExample() {
  const example = page.examples[Number($('examples').value)];
  if (!example) return;
  $('puzzle').value = example.text;
  page.fileName = example.name;
  $('kind').value = '';
  readPuzzle();
}

function upload() {
  const file = $('upload').files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    $('puzzle').value = String(reader.result);
    page.fileName = file.name;
    readPuzzle();
  };
  reader.readAsText(file);
}

// ---- share links: the puzzle's text in the fragment, base64url of its UTF-8 -------------

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function share() {
  const params = new URLSearchParams();
  params.set('p', toBase64Url($('puzzle').value));
  if ($('kind').value) params.set('k', $('kind').value);
  if (page.fileName) params.set('n', page.fileName);
  const link = location.origin + location.pathname + '#' + params.toString();
  $('share-link').value = link;
  history.replaceState(null, '', link);
}

function openShared() {
  const params = new URLSearchParams(location.hash.slice(1));
  const packed = params.get('p');
  if (packed == null) return;
  try {
    $('puzzle').value = fromBase64Url(packed);
  } catch (error) {
    setText('puzzle-error', 'this share link does not hold a puzzle: ' + error.message);
    return;
  }
  $('kind').value = params.get('k') || '';
  page.fileName = params.get('n') || null;
  readPuzzle();
}

// ---- solving: the answer comes as server-sent events over one POST ----------------------

function setState(state, text) {
  $('state').dataset.state = state;
  setText('state', text || state);
}

function cellsOf(row, values) {
  values.forEach((value, i) => {
    const cell = row.insertCell();
    cell.textContent = value == null ? '' : String(value);
    if (i === 1 && value) cell.className = String(value).replace(' ', '_');
  });
}

const ms = (seconds) => (seconds == null ? '' : (seconds * 1000).toFixed(1));

function contenderRow(backend) {
  const body = $('contenders').tBodies[0];
  for (const row of body.rows) {
    if (row.dataset.backend === backend && row.dataset.state === 'running') return row;
  }
  const row = body.insertRow();
  row.dataset.backend = backend;
  return row;
}

// The contenders table's columns after engine and state; `progress` fills time, nodes and
// line solves while an engine runs, `contender` the rest when it ends.
const COLUMNS = ['time', 'nodes', 'line_solves', 'guesses', 'updates', 'solve_calls', 'conflicts'];

function onContender(data) {
  const row = contenderRow(data.backend);
  // Line solves are counted live only: keep the last value seen.
  const lineSolves = row.cells.length > 4 ? row.cells[4].textContent : '';
  row.dataset.state = data.state;
  row.replaceChildren();
  cellsOf(row, [data.backend, data.state.replace('_', ' ')].concat(COLUMNS.map((key) => (
    key === 'time' ? ms(data.time) : key === 'line_solves' ? lineSolves : data[key]))));
}

function onProgress(data) {
  setState('running', 'running… ' + data.elapsed.toFixed(1) + ' s');
  for (const running of data.running) {
    const row = contenderRow(running.backend);
    if (row.cells.length < 2 + COLUMNS.length) continue;
    row.cells[2].textContent = ms(running.time);
    for (const key of ['nodes', 'line_solves']) {
      if (running[key] != null) row.cells[2 + COLUMNS.indexOf(key)].textContent = String(running[key]);
    }
  }
}

function onResult(data) {
  $('result-section').hidden = false;
  let verdict = data.status;
  if (data.status === 'solved') {
    if (data.unique === true) verdict += ': exactly one solution';
    else if (data.unique === false) verdict += ': more than one solution';
    else if (data.complete) verdict += ': ' + data.count + ' solution' + (data.count === 1 ? '' : 's');
    else verdict += ': at least ' + data.count + ' solution' + (data.count === 1 ? '' : 's');
  }
  if (data.reason) verdict += ' (' + data.reason + ')';
  setText('verdict', verdict);
  setText('summary', data.summary);
  setText('differences', data.differences ? 'Where they differ: ' + data.differences : '');
  const [first, second] = data.solutions;
  page.lastSvg = showSvg('solution-1', first && first.svg);
  $('download-svg').hidden = !page.lastSvg;
  if (page.lastSvg) $('download-svg').href = page.lastSvg;
  $('second').hidden = !second;
  showSvg('solution-2', second && second.svg);
  setText('solution-text', data.solutions.map((s) => s.text).join('\n\n'));
  const stats = $('stats').tBodies[0];
  stats.replaceChildren();
  for (const [key, value] of Object.entries(data.stats)) {
    if (key === 'contenders' || value == null) continue;
    cellsOf(stats.insertRow(), [key, typeof value === 'number' && !Number.isInteger(value)
      ? value.toFixed(6) + ' s' : value]);
  }
  const contenders = data.stats.contenders || [];
  $('compare-block').hidden = contenders.length < 2;
  const compare = $('compare').tBodies[0];
  compare.replaceChildren();
  for (const c of contenders) {
    cellsOf(compare.insertRow(), [c.backend, c.result.replace('_', ' '), ms(c.time), c.nodes,
      c.guesses, c.updates, c.solve_calls, c.decisions, c.conflicts]);
  }
  setState(data.status, data.status + (data.timed_out ? ' (time limit)' : ''));
}

function onEvent(name, data) {
  if (name === 'contender') onContender(data);
  else if (name === 'progress') onProgress(data);
  else if (name === 'timeout') setState('timeout', data.message);
  else if (name === 'result') onResult(data);
  else if (name === 'error') setState('error', data.error);
}

async function solve() {
  if (page.solving) return;
  const how = document.querySelector('input[name="how"]:checked').value;
  const engines = Array.from(document.querySelectorAll('.engine:checked:enabled'), (box) => box.value);
  const backends = how === 'auto' ? ['auto'] : engines;
  if (backends.length === 0) {
    setState('error', 'choose at least one engine to race');
    return;
  }
  const timeout = Number($('timeout').value);
  const body = puzzleBody({ backends, mode: $('mode').value });
  if (timeout > 0) body.timeout = timeout;
  $('contenders').tBodies[0].replaceChildren();
  $('result-section').hidden = true;
  setText('puzzle-error', '');
  const controller = new AbortController();
  page.solving = controller;
  $('solve').disabled = true;
  $('cancel').disabled = false;
  setState('running', 'starting…');
  try {
    const response = await fetch('/api/solve', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!response.ok) {
      const data = await response.json();
      showError('puzzle-error', { status: response.status, data });
      setState('error', data.error);
      return;
    }
    await readEvents(response.body, onEvent);
  } catch (error) {
    if (error.name === 'AbortError') setState('cancelled');
    else setState('error', String(error.message || error));
  } finally {
    page.solving = null;
    $('solve').disabled = false;
    $('cancel').disabled = true;
  }
}

// The `event:` / `data:` frames of a server-sent event stream, each to `handle`.
async function readEvents(stream, handle) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) handle(name, JSON.parse(data.join('\n')));
      end = buffer.indexOf('\n\n');
    }
  }
}

function cancel() {
  if (page.solving) page.solving.abort();
}

// ---- downloads --------------------------------------------------------------------------

async function exportAs(to) {
  setText('export-error', '');
  const answer = await postJson('/api/export', puzzleBody({ to }));
  if (!answer.ok) {
    showError('export-error', answer);
    return;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([answer.data], { type: 'text/plain' }));
  link.download = to === 'dimacs' ? 'puzzle.cnf' : 'puzzle.xc';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// ---- analysis -----------------------------------------------------------------------------

async function analyze(marginals) {
  setText('analysis-error', '');
  setText('analysis-info', 'analysing…');
  const answer = await postJson('/api/analyze', puzzleBody({ marginals }));
  if (!answer.ok) {
    setText('analysis-info', '');
    showError('analysis-error', answer);
    return;
  }
  const data = answer.data;
  let info = data.status + ' — ' + data.method + ': ' + (data.cells - data.varying) + ' of ' +
    data.cells + ' cells forced';
  if (!data.forced_exact) info += ' (not proved: stopped early)';
  if (marginals) {
    info += '; ' + data.solutions_counted + (data.complete ? '' : '+') + ' solutions counted';
  }
  setText('analysis-info', info);
  showSvg('forced', data.picture);
  showSvg('heat', marginals ? data.marginals : null);
  setText('forced-caption', data.picture ? 'forced cells; ? where the solutions differ' : '');
  setText('heat-caption', marginals && data.marginals
    ? 'the probability of each cell\'s value (nonograms: of ink) over the solutions counted, ' +
      'from white (0) to black (1, certain), as the strip under the grid shows'
    : '');
  setText('forced-text', data.forced_text);
}

// ---- explain --------------------------------------------------------------------------------

async function explain() {
  setText('explain-error', '');
  setText('explain-info', 'explaining…');
  const answer = await postJson('/api/explain', puzzleBody());
  if (!answer.ok) {
    setText('explain-info', '');
    showError('explain-error', answer);
    return;
  }
  const data = answer.data;
  page.explanation = data;
  page.step = 0;
  setText('explain-info', data.summary);
  showStep();
}

// One cell of the explanation grid.
function gridCell(classes, text) {
  const cell = document.createElement('div');
  cell.className = classes.join(' ');
  cell.textContent = text;
  return cell;
}

// The board at the current step, as the kind drew it: its cells with the changes of every
// step up to this one, and this step's marks (what it looks at, decides, narrows).
function boardCells(board, stepIndex) {
  const drawn = board.cells.slice();
  for (let i = 0; i <= stepIndex && i < board.steps.length; i += 1) {
    for (const [index, cell] of board.steps[i].set) drawn[index] = cell;
  }
  const mark = new Map();
  const step = board.steps[stepIndex];
  if (step) for (const [index, name] of step.marks) mark.set(index, name);
  const cells = drawn.map((cell, i) => {
    const classes = cell.class.split(' ');
    if (mark.has(i)) classes.push(mark.get(i));
    const div = gridCell(classes, cell.text);
    if (cell.colour) div.style.backgroundColor = cell.colour;
    return div;
  });
  return { columns: board.columns, cells };
}

function showStep() {
  const data = page.explanation;
  if (!data) return;
  const total = data.steps.length;
  const step = data.steps[page.step];
  const { columns, cells } = boardCells(data.board, page.step);
  const grid = $('explain-grid');
  grid.dataset.kind = data.kind;
  grid.style.gridTemplateColumns = 'repeat(' + columns + ', auto)';
  grid.replaceChildren(...cells);
  setText('step-number', total ? 'step ' + (page.step + 1) + ' of ' + total : 'no step');
  setText('step-text', step ? step.number + '. ' + step.text : '');
  $('step-prev').disabled = page.step === 0;
  $('step-next').disabled = page.step + 1 >= total;
}

function moveStep(by) {
  if (!page.explanation) return;
  page.step = Math.max(0, Math.min(page.explanation.steps.length - 1, page.step + by));
  showStep();
}

// ---- wiring ---------------------------------------------------------------------------------

function start() {
  $('read').addEventListener('click', readPuzzle);
  $('examples').addEventListener('change', pickExample);
  $('upload').addEventListener('change', upload);
  $('puzzle').addEventListener('input', () => { page.fileName = null; });
  $('share').addEventListener('click', share);
  $('solve').addEventListener('click', solve);
  $('cancel').addEventListener('click', cancel);
  $('export-dimacs').addEventListener('click', () => exportAs('dimacs'));
  $('export-xc').addEventListener('click', () => exportAs('xc'));
  $('analyze').addEventListener('click', () => analyze(false));
  $('marginals').addEventListener('click', () => analyze(true));
  $('explain').addEventListener('click', explain);
  $('step-prev').addEventListener('click', () => moveStep(-1));
  $('step-next').addEventListener('click', () => moveStep(1));
  window.addEventListener('hashchange', openShared);
  $('download-svg').hidden = true;
  loadBackends();
  loadExamples();
  loadKinds().then(openShared);
}

start();
