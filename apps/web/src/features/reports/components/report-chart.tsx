// The chart of one report table (recharts). recharts is imported only here and this file only by the
// Reports page, which the router loads lazily: the chart library is in the Reports page's chunk and nowhere
// else. (Not a second, nested lazy import: rolldown then moves React out of the entry chunk into a shared
// one, and every public page pays for the extra chunk — `npm run bench` route figures.) The chart is a
// picture of the table below it: hidden from screen readers, which read the table.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Cell, ChartSpec } from '../tables';

export function ReportChart({ spec, rows }: { spec: ChartSpec; rows: Record<string, Cell>[] }) {
  const height = spec.horizontal ? Math.max(160, rows.length * 36 + 60) : 260;
  return (
    <div aria-hidden="true" className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        <BarChart
          data={rows}
          layout={spec.horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 16, bottom: 8, left: spec.horizontal ? 8 : -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          {spec.horizontal ? (
            <>
              <XAxis type="number" allowDecimals={false} fontSize={12} />
              <YAxis type="category" dataKey={spec.category} width={140} fontSize={12} />
            </>
          ) : (
            <>
              <XAxis dataKey={spec.category} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} />
            </>
          )}
          <Tooltip />
          {spec.series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
          {spec.series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              stackId={spec.stacked ? 'stack' : undefined}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
