import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';

// Acknowledge rendered output in batches: enough to keep the server's window open, few
// enough messages not to compete with keystrokes.
const ACK_BATCH_BYTES = 32 * 1024;
const ACK_DELAY_MS = 40;
const PING_INTERVAL_MS = 20000;
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 4000];
// Close code the server uses for "no such terminal": reconnecting cannot help.
const GONE = 4404;

/**
 * <gantry-terminal socket-path="/terminal-socket/<id>">: xterm.js wired to Gantry's terminal
 * socket. Bytes both ways (UTF-8 is decoded by xterm.js, across frame boundaries), resize,
 * copy (Ctrl+Shift+C) and paste (Ctrl+Shift+V or the browser's own), scrollback, and a visible
 * "Reconnecting…" state that resumes the same shell with its output.
 *
 * The element's `state` attribute is connecting | open | reconnecting | ended.
 */
class GantryTerminal extends HTMLElement {

  constructor() {
    super();
    this._encoder = new TextEncoder();
    this._pendingAck = 0;
    this._ackTimer = null;
    this._attempt = 0;
    this._ended = false;
    this._detached = false;
  }

  static get observedAttributes() {
    return ['socket-path'];
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (name === 'socket-path' && newValue && this.isConnected && newValue !== oldValue) {
      this._ended = false;
      this._attempt = 0;
      this._connect();
    }
  }

  connectedCallback() {
    this._detached = false;
    if (!this._term) {
      this._build();
    }
    if (this.getAttribute('socket-path')) {
      this._connect();
    }
  }

  disconnectedCallback() {
    this._detached = true;
    clearInterval(this._pingTimer);
    if (this._socket) {
      this._socket.close(1000, 'page left');
    }
  }

  /** The terminal's text, one line per row, scrollback included: for tests and benchmarks. */
  get screenText() {
    if (!this._term) {
      return '';
    }
    const buffer = this._term.buffer.active;
    const lines = [];
    for (let i = 0; i < buffer.length; i++) {
      lines.push(buffer.getLine(i).translateToString(true));
    }
    return lines.join('\n');
  }

  _build() {
    this.style.display = 'flex';
    this.style.flexDirection = 'column';
    this.style.position = 'relative';
    this.style.minHeight = '0';
    this._screen = document.createElement('div');
    this._screen.style.flex = '1 1 auto';
    this._screen.style.minHeight = '0';
    this._screen.style.background = '#1e1e1e';
    this._screen.style.padding = '4px';
    this._banner = document.createElement('div');
    this._banner.className = 'gantry-terminal-banner';
    Object.assign(this._banner.style, {
      position: 'absolute', top: '8px', right: '16px', zIndex: '10', padding: '4px 10px',
      borderRadius: '4px', font: '13px var(--lumo-font-family, sans-serif)',
      background: 'var(--lumo-warning-color, #ffc66d)', color: '#000', display: 'none'
    });
    this.append(this._screen, this._banner);

    this._term = new Terminal({
      cursorBlink: true,
      scrollback: 10000,
      fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
      fontSize: 14,
      // At 1.0 the DOM renderer clips underscores against the next row.
      lineHeight: 1.15,
      theme: { background: '#1e1e1e' }
    });
    this._fit = new FitAddon();
    this._term.loadAddon(this._fit);
    this._term.open(this._screen);
    this._term.onData((data) => this._send(this._encoder.encode(data)));
    // onBinary carries raw bytes (e.g. some mouse reports) as a string of code units 0-255.
    this._term.onBinary((data) => this._send(Uint8Array.from(data, (c) => c.charCodeAt(0) & 0xff)));
    this._term.onResize(({ cols, rows }) => this._control({ type: 'resize', cols, rows }));
    this._term.attachCustomKeyEventHandler((event) => this._clipboardKeys(event));
    this._resizeObserver = new ResizeObserver(() => this._refit());
    this._resizeObserver.observe(this._screen);
    this._refit();
    this._term.focus();
  }

  _clipboardKeys(event) {
    if (event.type !== 'keydown' || !event.ctrlKey || !event.shiftKey) {
      return true;
    }
    if (event.code === 'KeyC') {
      const selection = this._term.getSelection();
      if (selection && navigator.clipboard) {
        navigator.clipboard.writeText(selection);
      }
      return false;
    }
    if (event.code === 'KeyV' && navigator.clipboard && navigator.clipboard.readText) {
      navigator.clipboard.readText().then((text) => this._term.paste(text));
      return false;
    }
    return true;
  }

  _refit() {
    try {
      this._fit.fit();
    } catch (e) {
      // Not laid out yet; the observer calls again once it is.
    }
  }

  _connect() {
    if (this._socket) {
      this._socket.onclose = null;
      this._socket.close();
    }
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(scheme + '//' + location.host + this.getAttribute('socket-path'));
    socket.binaryType = 'arraybuffer';
    this._socket = socket;
    this._setState(this._attempt === 0 ? 'connecting' : 'reconnecting');
    socket.onopen = () => {
      this._attempt = 0;
      this._control({ type: 'resize', cols: this._term.cols, rows: this._term.rows });
      clearInterval(this._pingTimer);
      this._pingTimer = setInterval(() => this._control({ type: 'ping' }), PING_INTERVAL_MS);
    };
    socket.onmessage = (message) => {
      if (typeof message.data === 'string') {
        this._onControl(JSON.parse(message.data));
      } else {
        const bytes = new Uint8Array(message.data);
        this._term.write(bytes, () => this._acknowledge(bytes.length));
      }
    };
    socket.onclose = (event) => {
      clearInterval(this._pingTimer);
      if (this._detached || this._ended) {
        return;
      }
      if (event.code === GONE) {
        this._end(event.reason || 'This terminal is no longer open');
        return;
      }
      const delay = RECONNECT_DELAYS_MS[Math.min(this._attempt, RECONNECT_DELAYS_MS.length - 1)];
      this._attempt++;
      this._setState('reconnecting');
      setTimeout(() => {
        if (!this._detached && !this._ended) {
          this._connect();
        }
      }, delay);
    };
  }

  _onControl(control) {
    if (control.type !== 'state') {
      return;
    }
    switch (control.state) {
      case 'replay':
        // The server repaints from its scrollback: start from a clean screen.
        this._term.reset();
        this._pendingAck = 0;
        break;
      case 'ended':
        this._end(control.message);
        break;
      case 'replaced':
        this._end(control.message);
        break;
      default:
        this._setState(control.state);
    }
  }

  _end(message) {
    this._ended = true;
    this._setState('ended');
    this._showBanner(message || 'Session ended', 'var(--lumo-contrast-20pct, #ddd)');
  }

  _setState(state) {
    this.setAttribute('state', state);
    if (state === 'reconnecting') {
      this._showBanner('Reconnecting…', 'var(--lumo-warning-color, #ffc66d)');
    } else if (state === 'connecting') {
      this._showBanner('Connecting…', 'var(--lumo-contrast-20pct, #ddd)');
    } else if (state === 'open') {
      this._banner.style.display = 'none';
      this._term.focus();
    }
    this.dispatchEvent(new CustomEvent('terminal-state', { detail: { state } }));
  }

  _showBanner(text, background) {
    this._banner.textContent = text;
    this._banner.style.background = background;
    this._banner.style.display = 'block';
  }

  _acknowledge(bytes) {
    this._pendingAck += bytes;
    if (this._pendingAck >= ACK_BATCH_BYTES) {
      this._flushAck();
    } else if (!this._ackTimer) {
      this._ackTimer = setTimeout(() => this._flushAck(), ACK_DELAY_MS);
    }
  }

  _flushAck() {
    clearTimeout(this._ackTimer);
    this._ackTimer = null;
    if (this._pendingAck > 0) {
      this._control({ type: 'ack', bytes: this._pendingAck });
      this._pendingAck = 0;
    }
  }

  _send(bytes) {
    if (this._socket && this._socket.readyState === WebSocket.OPEN) {
      this._socket.send(bytes);
    }
  }

  _control(message) {
    if (this._socket && this._socket.readyState === WebSocket.OPEN) {
      this._socket.send(JSON.stringify(message));
    }
  }
}

customElements.define('gantry-terminal', GantryTerminal);
