import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { DownloadIcon } from '../../ui/icons';
import { downloadCsv, type FigureTable } from './figures';

/** A figure's data as an accessible table (caption, column headers, numbers aligned) and its "Download CSV". */
export function FigureTableView({ table, fileName, bar }: { table: FigureTable; fileName: string; bar?: (row: readonly (string | number)[]) => ReactNode }) {
  return (
    <div className="statistics-table-block">
      <div className="statistics-table-scroll">
        <table className="statistics-table">
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.label} scope="col" className={column.numeric ? 'numeric' : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row">
                      {cell}
                      {bar?.(row)}
                    </th>
                  ) : (
                    <td key={c} className={table.columns[c]?.numeric ? 'numeric' : undefined}>
                      {typeof cell === 'number' ? cell.toLocaleString() : cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button variant="secondary" className="statistics-csv" onClick={() => downloadCsv(table, fileName)}>
        <DownloadIcon aria-hidden="true" />
        <Trans>Download CSV</Trans>
      </Button>
    </div>
  );
}
