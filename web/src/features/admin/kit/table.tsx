import type { ReactNode } from 'react';

/**
 * An admin table whose rows become cards on a phone, each cell labelled by its column (the
 * cells' `data-label`): above the cell, or with `beside` to its left.
 */
export function CardTable({
  columns,
  beside,
  className,
  children,
}: {
  columns: string[];
  beside?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table
      className={['adm-table', beside ? 'adm-cards-beside' : 'adm-cards', className]
        .filter(Boolean)
        .join(' ')}
    >
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
