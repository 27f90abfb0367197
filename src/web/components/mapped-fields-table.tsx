import type { MappedFieldGroup } from '../lib/mapped-fields';

/** Mapped target fields (a template preview, a logged delivery) as a table grouped like the target picker. */
export function MappedFieldsTable({ groups, caption }: { groups: MappedFieldGroup[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Target field
            </th>
            <th scope="col" className="px-3 py-2">
              Value
            </th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.label} className="divide-y divide-slate-100 border-t border-slate-200">
            <tr>
              <th scope="rowgroup" colSpan={2} className="bg-slate-50/60 px-3 py-1.5 text-xs font-semibold text-slate-700">
                {group.label}
              </th>
            </tr>
            {group.rows.map((row) => (
              <tr key={row.field}>
                <th scope="row" className="whitespace-nowrap px-3 py-1.5 font-normal text-slate-700">
                  {row.label}
                </th>
                <td className="px-3 py-1.5 font-mono text-xs text-slate-900 [overflow-wrap:anywhere]">{row.value}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
