import type { AdminDashboard } from '@store/contracts';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { weekLabel } from '../utils/period.ts';

// Only what these two bar charts use, so the chunk stays small; this file loads lazily.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const BOXES = '#f26b1d';
const TUBS = '#1f6f8b';
const REASONS = '#7a2c06';
const INK = '#5b524c';
const GRID = '#eadfd6';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Revenue by week, boxes and tubs stacked (cents from the server, drawn in dollars). */
export function RevenueChart({ weeks }: { weeks: AdminDashboard['revenue']['byWeek'] }) {
  return (
    <Bar
      role="img"
      aria-label="Revenue by week, boxes and tubs stacked; the same figures are in the table below."
      data={{
        labels: weeks.map((w) => weekLabel(w.weekStart)),
        datasets: [
          {
            label: 'Boxes',
            data: weeks.map((w) => w.boxesCents / 100),
            backgroundColor: BOXES,
            maxBarThickness: 56,
            stack: 'revenue',
          },
          {
            label: 'Tubs',
            data: weeks.map((w) => w.tubsCents / 100),
            backgroundColor: TUBS,
            maxBarThickness: 56,
            stack: 'revenue',
          },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: 'bottom', labels: { color: INK } },
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label}: ${usdCents.format(Number(item.raw))}` },
          },
        },
        scales: {
          x: { stacked: true, ticks: { color: INK }, grid: { display: false } },
          y: {
            stacked: true,
            beginAtZero: true,
            ticks: { color: INK, callback: (value) => usd.format(Number(value)) },
            grid: { color: GRID },
          },
        },
      }}
    />
  );
}

/** Cancellations of the period per reason, as horizontal bars. */
export function CancellationsChart({ reasons }: { reasons: AdminDashboard['cancellations']['byReason'] }) {
  return (
    <Bar
      role="img"
      aria-label="Cancellations by reason; the same figures are in the list beside it."
      data={{
        labels: reasons.map((r) => r.name),
        datasets: [
          {
            label: 'Cancellations',
            data: reasons.map((r) => r.count),
            backgroundColor: REASONS,
            maxBarThickness: 28,
          },
        ],
      }}
      options={{
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { beginAtZero: true, ticks: { color: INK, precision: 0 }, grid: { color: GRID } },
          y: { ticks: { color: INK }, grid: { display: false } },
        },
      }}
    />
  );
}
