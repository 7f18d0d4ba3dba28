// A Chart.js chart drawn from the JSON the server sets in the "config" property:
// {labels: [...], bars: {label, data}, line: {label, data}} - bars on the left axis, the optional line on the right.
import { Chart, BarController, BarElement, LineController, LineElement, PointElement, CategoryScale,
  LinearScale, Legend, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale,
  Legend, Tooltip);

class GantryUsageChart extends HTMLElement {
  set config(value) {
    this._config = typeof value === 'string' ? JSON.parse(value) : value;
    this._draw();
  }

  get config() {
    return this._config;
  }

  connectedCallback() {
    if (!this._canvas) {
      this.style.display = 'block';
      this.style.position = 'relative';
      this._canvas = document.createElement('canvas');
      this._canvas.setAttribute('role', 'img');
      this.appendChild(this._canvas);
    }
    this._draw();
  }

  disconnectedCallback() {
    if (this._chart) {
      this._chart.destroy();
      this._chart = null;
    }
  }

  _draw() {
    if (!this._canvas || !this._config) {
      return;
    }
    const c = this._config;
    this._canvas.setAttribute('aria-label', c.title || 'Usage chart');
    const data = {
      labels: c.labels,
      datasets: [
        { type: 'bar', label: c.bars.label, data: c.bars.data, yAxisID: 'left',
          backgroundColor: 'rgba(22, 118, 243, 0.6)' }
      ]
    };
    // A chart of bars alone (top commands, utilization) has no line and no right axis.
    if (c.line) {
      data.datasets.push({ type: 'line', label: c.line.label, data: c.line.data, yAxisID: 'right',
        borderColor: 'rgba(230, 107, 0, 1)', backgroundColor: 'rgba(230, 107, 0, 1)', tension: 0 });
    }
    if (this._chart) {
      this._chart.data = data;
      this._chart.update();
      return;
    }
    this._chart = new Chart(this._canvas, {
      data,
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          left: { type: 'linear', position: 'left', beginAtZero: true, title: { display: true, text: c.bars.label } },
          right: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false },
            display: !!c.line, title: { display: !!c.line, text: c.line ? c.line.label : '' } }
        }
      }
    });
  }
}

customElements.define('gantry-usage-chart', GantryUsageChart);
