// The seat map: one SVG rect per seat, coloured by price band when free, and shown by pattern and
// shape as well as colour when not (held: hatched, sold: cross-hatched dark, yours: dark with a check
// mark), so no state depends on colour alone. Zoom with the buttons, the wheel or two fingers; drag to
// pan. Keyboard: the map is one tab stop (roving tabindex over the seats); Left/Right move along a row,
// Up/Down to the row before/after (the nearest seat in it), Home/End to the row's ends, Page Up/Down
// to the previous/next section, Enter or Space picks or gives back the seat. Each seat is a checkbox
// named "Stalls, row 1, seat 5, €85.00, available". The map only shows; the shop decides (onPick).
'use strict';

window.ShopMap = (() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const el = (name, attributes = {}) => {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    return node;
  };

  class SeatMap {
    // options: { t, money, label (text for the map), onPick(id) }
    constructor(container, options) {
      this.container = container;
      this.options = options;
      this.seats = new Map(); // id -> { seat, rect, state, mine, row }
      this.rows = []; // [{ key, section, seats: [ids] }] in section order, then row number
      this.mine = new Set();
      this.current = null; // the seat id holding the tab stop
      this.view = null;
      this.full = null;
      this.pointers = new Map();
      this.dragged = false;
    }

    // The first map builds the drawing; later ones (every poll) only repaint what changed.
    update(map) {
      if (!this.svg) this.build(map);
      for (const seat of map.seats) {
        const entry = this.seats.get(seat.id);
        if (entry && entry.state !== seat.state) {
          entry.state = seat.state;
          this.paint(seat.id);
        }
      }
    }

    build(map) {
      const { t } = this.options;
      this.sectionNames = new Map(map.sections.map((s) => [s.code, s.name]));
      this.bandIndex = new Map(map.bands.map((b, i) => [b.code, i]));
      const svg = el('svg', { role: 'group', 'aria-label': this.options.label, class: 'seatmap',
                              preserveAspectRatio: 'xMidYMid meet' });
      svg.setAttribute('aria-describedby', 'map-help');
      const defs = el('defs');
      // Held by another buyer: grey diagonal stripes. Sold: dark with a light cross-hatch.
      const held = el('pattern', { id: 'pat-held', width: 0.3, height: 0.3, patternUnits: 'userSpaceOnUse',
                                   patternTransform: 'rotate(45)' });
      held.append(el('rect', { width: 0.3, height: 0.3, fill: '#ffffff' }),
                  el('rect', { width: 0.14, height: 0.3, fill: '#6b6b6b' }));
      const sold = el('pattern', { id: 'pat-sold', width: 0.35, height: 0.35, patternUnits: 'userSpaceOnUse',
                                   patternTransform: 'rotate(45)' });
      sold.append(el('rect', { width: 0.35, height: 0.35, fill: '#3b3b3b' }),
                  el('rect', { width: 0.06, height: 0.35, fill: '#bdbdbd' }),
                  el('rect', { width: 0.35, height: 0.06, fill: '#bdbdbd' }));
      defs.append(held, sold);
      svg.append(defs);

      const xs = map.seats.map((s) => s.x), ys = map.seats.map((s) => s.y);
      const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
      // The stage across the front, above the first rows.
      const stage = el('g', { class: 'stage', 'aria-hidden': 'true' });
      stage.append(el('rect', { x: minX, y: minY - 3.4, width: maxX - minX, height: 1.4, rx: 0.3 }));
      const stageText = el('text', { x: (minX + maxX) / 2, y: minY - 2.38, 'text-anchor': 'middle' });
      stageText.textContent = t('event.stage');
      stage.append(stageText);
      svg.append(stage);

      // Rows: by section (in the map's order), then row number; seats along the row by place.
      const sectionOrder = new Map(map.sections.map((s, i) => [s.code, i]));
      const byRow = new Map();
      for (const seat of map.seats) {
        const key = `${seat.section}\u0000${seat.row}`;
        if (!byRow.has(key)) byRow.set(key, { key, section: seat.section, row: seat.row, seats: [] });
        byRow.get(key).seats.push(seat);
      }
      this.rows = [...byRow.values()].sort((a, b) =>
        (sectionOrder.get(a.section) ?? 99) - (sectionOrder.get(b.section) ?? 99) || a.row - b.row);
      const labels = el('g', { class: 'labels', 'aria-hidden': 'true' });
      const sectionTop = new Map();
      for (const row of this.rows) {
        row.seats.sort((a, b) => a.x - b.x || a.y - b.y);
        const first = row.seats[0];
        const rowLabel = el('text', { x: first.x - 0.75, y: first.y + 0.22, 'text-anchor': 'end', class: 'row-label' });
        rowLabel.textContent = String(row.row);
        if (row.seats.length > 1 && row.seats[row.seats.length - 1].x !== first.x) labels.append(rowLabel);
        for (const seat of row.seats) {
          const top = sectionTop.get(seat.section);
          if (!top || seat.y < top.y || (seat.y === top.y && seat.x < top.x)) sectionTop.set(seat.section, { x: seat.x, y: seat.y, maxX: top ? Math.max(top.maxX, seat.x) : seat.x });
          else top.maxX = Math.max(top.maxX, seat.x);
        }
      }
      for (const [code, top] of sectionTop) {
        const name = el('text', { x: (top.x + top.maxX) / 2, y: top.y - 0.75, 'text-anchor': 'middle', class: 'section-label' });
        name.textContent = this.sectionNames.get(code) || code;
        labels.append(name);
      }
      svg.append(labels);

      const seatsGroup = el('g', { class: 'seats' });
      this.rows.forEach((row, rowIndex) => {
        row.seats.forEach((seat, position) => {
          const rect = el('rect', { x: seat.x - 0.42, y: seat.y - 0.42, width: 0.84, height: 0.84, rx: 0.16,
                                    role: 'checkbox', tabindex: '-1' });
          rect.dataset.id = seat.id;
          rect.dataset.label = seat.label;
          rect.dataset.price = seat.price;
          this.seats.set(seat.id, { seat, rect, state: seat.state, rowIndex, position, mark: null });
          seatsGroup.append(rect);
        });
      });
      svg.append(seatsGroup);
      this.marks = el('g', { class: 'marks', 'aria-hidden': 'true' });
      svg.append(this.marks);
      this.ring = el('rect', { class: 'focus-ring', width: 1.3, height: 1.3, rx: 0.3, visibility: 'hidden', 'aria-hidden': 'true' });
      svg.append(this.ring);

      this.full = { x: minX - 3, y: minY - 4.4, w: maxX - minX + 5, h: maxY - minY + 5.6 };
      this.svg = svg;
      this.container.replaceChildren(svg);
      for (const id of this.seats.keys()) this.paint(id);
      this.fit();
      const firstSeat = this.rows.length ? this.rows[0].seats[0].id : null;
      this.setCurrent(this.firstAvailable() ?? firstSeat, false);
      this.listen();
    }

    firstAvailable() {
      for (const row of this.rows)
        for (const seat of row.seats)
          if (this.seats.get(seat.id).state === 'available') return seat.id;
      return null;
    }

    name(id) {
      const { t, money } = this.options;
      const { seat } = this.seats.get(id);
      return t('seat.name', { section: this.sectionNames.get(seat.section) || seat.section, row: seat.row,
                              number: seat.number, price: money(seat.price), state: t('seat.' + this.shownState(id)) });
    }

    shortName(id) {
      const { seat } = this.seats.get(id);
      return this.options.t('seat.short', { section: this.sectionNames.get(seat.section) || seat.section,
                                            row: seat.row, number: seat.number });
    }

    shownState(id) {
      const entry = this.seats.get(id);
      return this.mine.has(id) ? 'mine' : entry.state;
    }

    state(id) { return this.seats.has(id) ? this.shownState(id) : null; }
    price(id) { return this.seats.has(id) ? this.seats.get(id).seat.price : 0; }
    has(id) { return this.seats.has(id); }

    setMine(id, mine, serverState) {
      if (!this.seats.has(id)) return;
      if (mine) this.mine.add(id); else this.mine.delete(id);
      if (serverState) this.seats.get(id).state = serverState;
      this.paint(id);
    }

    paint(id) {
      const entry = this.seats.get(id);
      const shown = this.shownState(id);
      const band = this.bandIndex.get(entry.seat.band) ?? 0;
      entry.rect.setAttribute('class', `seat band-${band} ${shown}`);
      entry.rect.dataset.state = shown;
      entry.rect.setAttribute('aria-checked', shown === 'mine' ? 'true' : 'false');
      entry.rect.setAttribute('aria-disabled', shown === 'held' || shown === 'sold' ? 'true' : 'false');
      entry.rect.setAttribute('aria-label', this.name(id));
      if (shown === 'mine' && !entry.mark) {
        const { x, y } = entry.seat;
        entry.mark = el('path', { d: `M ${x - 0.25} ${y + 0.02} L ${x - 0.07} ${y + 0.22} L ${x + 0.27} ${y - 0.2}`, class: 'check' });
        this.marks.append(entry.mark);
      } else if (shown !== 'mine' && entry.mark) {
        entry.mark.remove();
        entry.mark = null;
      }
    }

    // --- the keyboard -----------------------------------------------------------------------------

    setCurrent(id, focus = true) {
      if (id === null || !this.seats.has(id)) return;
      if (this.current !== null && this.seats.has(this.current)) this.seats.get(this.current).rect.setAttribute('tabindex', '-1');
      this.current = id;
      const { rect } = this.seats.get(id);
      rect.setAttribute('tabindex', '0');
      if (focus) {
        this.reveal(id);
        rect.focus({ preventScroll: true });
      }
    }

    move(id, key) {
      const entry = this.seats.get(id);
      const row = this.rows[entry.rowIndex];
      const nearestIn = (rowIndex) => {
        const target = this.rows[rowIndex];
        let best = null, bestDistance = Infinity;
        for (const seat of target.seats) {
          const d = Math.hypot(seat.x - entry.seat.x, seat.y - entry.seat.y);
          if (d < bestDistance) { best = seat.id; bestDistance = d; }
        }
        return best;
      };
      const sectionStart = (from, step) => {
        let i = from;
        const section = this.rows[from].section;
        while (i >= 0 && i < this.rows.length && this.rows[i].section === section) i += step;
        if (i < 0 || i >= this.rows.length) return null;
        if (step < 0) { // to the first row of the previous section
          const previous = this.rows[i].section;
          while (i > 0 && this.rows[i - 1].section === previous) i -= 1;
        }
        return this.rows[i].seats[0].id;
      };
      switch (key) {
      case 'ArrowLeft': return entry.position > 0 ? row.seats[entry.position - 1].id : null;
      case 'ArrowRight': return entry.position < row.seats.length - 1 ? row.seats[entry.position + 1].id : null;
      case 'ArrowUp': return entry.rowIndex > 0 ? nearestIn(entry.rowIndex - 1) : null;
      case 'ArrowDown': return entry.rowIndex < this.rows.length - 1 ? nearestIn(entry.rowIndex + 1) : null;
      case 'Home': return row.seats[0].id;
      case 'End': return row.seats[row.seats.length - 1].id;
      case 'PageUp': return sectionStart(entry.rowIndex, -1);
      case 'PageDown': return sectionStart(entry.rowIndex, 1);
      default: return undefined;
      }
    }

    // Brings a seat into view when the keyboard moved to one outside the zoomed part.
    reveal(id) {
      const { seat } = this.seats.get(id);
      const v = this.view, margin = 1.2;
      if (seat.x - margin >= v.x && seat.x + margin <= v.x + v.w && seat.y - margin >= v.y && seat.y + margin <= v.y + v.h) return;
      this.setView({ x: seat.x - v.w / 2, y: seat.y - v.h / 2, w: v.w, h: v.h });
    }

    showRing(id) {
      const { seat } = this.seats.get(id);
      this.ring.setAttribute('x', seat.x - 0.65);
      this.ring.setAttribute('y', seat.y - 0.65);
      this.ring.setAttribute('visibility', 'visible');
    }

    // --- zoom and pan -----------------------------------------------------------------------------

    setView(v) {
      const minW = this.full.w / 14, maxW = this.full.w * 1.5;
      const w = Math.min(maxW, Math.max(minW, v.w));
      const h = v.h * (w / v.w);
      // Keep some of the hall in sight: the centre stays within the hall's box.
      const cx = Math.min(this.full.x + this.full.w, Math.max(this.full.x, v.x + v.w / 2));
      const cy = Math.min(this.full.y + this.full.h, Math.max(this.full.y, v.y + v.h / 2));
      this.view = { x: cx - w / 2, y: cy - h / 2, w, h };
      this.svg.setAttribute('viewBox', `${this.view.x} ${this.view.y} ${this.view.w} ${this.view.h}`);
      this.svg.classList.toggle('zoomed', w < this.full.w * 0.6);
    }

    fit() { this.setView({ ...this.full }); }

    // Zooms by `factor` (>1: in) keeping the point (px, py), in map units, where it is on the screen.
    zoom(factor, px, py) {
      const v = this.view;
      if (px === undefined) { px = v.x + v.w / 2; py = v.y + v.h / 2; }
      const w = v.w / factor, h = v.h / factor;
      this.setView({ x: px - (px - v.x) / factor, y: py - (py - v.y) / factor, w, h });
    }

    toMap(clientX, clientY) {
      const point = this.svg.createSVGPoint();
      point.x = clientX;
      point.y = clientY;
      return point.matrixTransform(this.svg.getScreenCTM().inverse());
    }

    listen() {
      const svg = this.svg;
      svg.addEventListener('wheel', (e) => {
        e.preventDefault();
        const p = this.toMap(e.clientX, e.clientY);
        // A trackpad's pinch arrives as a wheel with ctrlKey and small steps.
        const factor = Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015));
        this.zoom(factor, p.x, p.y);
      }, { passive: false });

      svg.addEventListener('pointerdown', (e) => {
        this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
        this.dragged = false;
        this.start = { x: e.clientX, y: e.clientY, view: { ...this.view } };
        this.pinch = null;
        if (this.pointers.size === 2) {
          const [a, b] = [...this.pointers.values()];
          this.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), view: { ...this.view } };
        }
      });
      svg.addEventListener('pointermove', (e) => {
        if (!this.pointers.has(e.pointerId)) return;
        this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
        if (this.pinch && this.pointers.size === 2) {
          const [a, b] = [...this.pointers.values()];
          const distance = Math.hypot(a.x - b.x, a.y - b.y);
          const mid = this.toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
          this.view = { ...this.pinch.view };
          this.zoom(distance / this.pinch.distance, mid.x, mid.y);
          this.dragged = true;
          return;
        }
        const dx = e.clientX - this.start.x, dy = e.clientY - this.start.y;
        if (!this.dragged && Math.hypot(dx, dy) < 6) return;
        if (!this.dragged) svg.setPointerCapture(e.pointerId);
        this.dragged = true;
        const scale = this.start.view.w / svg.getBoundingClientRect().width;
        const s = Math.max(scale, this.start.view.h / svg.getBoundingClientRect().height);
        this.setView({ ...this.start.view, x: this.start.view.x - dx * s, y: this.start.view.y - dy * s });
      });
      const up = (e) => { this.pointers.delete(e.pointerId); if (this.pointers.size < 2) this.pinch = null; };
      svg.addEventListener('pointerup', up);
      svg.addEventListener('pointercancel', up);

      svg.addEventListener('click', (e) => {
        if (this.dragged) { this.dragged = false; return; }
        const rect = e.target.closest('rect.seat');
        if (!rect) return;
        const id = Number(rect.dataset.id);
        this.setCurrent(id, false);
        this.options.onPick(id);
      });
      svg.addEventListener('keydown', (e) => {
        const rect = e.target.closest && e.target.closest('rect.seat');
        if (!rect) return;
        const id = Number(rect.dataset.id);
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          this.options.onPick(id);
          return;
        }
        const next = this.move(id, e.key);
        if (next === undefined) return;
        e.preventDefault();
        if (next !== null) this.setCurrent(next);
      });
      svg.addEventListener('focusin', (e) => {
        const rect = e.target.closest && e.target.closest('rect.seat');
        if (rect) this.showRing(Number(rect.dataset.id));
      });
      svg.addEventListener('focusout', () => this.ring.setAttribute('visibility', 'hidden'));
    }
  }

  return { SeatMap };
})();
