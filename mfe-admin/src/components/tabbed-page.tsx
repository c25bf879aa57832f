import { useSearchParams } from '@app/routing';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/ui';
import type { ReactNode } from 'react';

interface Tab {
  value: string;
  label: string;
  content: ReactNode;
}

/** The address parameter naming the open tab: a link, Back or a reload opens the same tab again. */
export const tabParameter = 'tab';

/**
 * An admin page: its title, a summary, and tabs named after the page. The first tab opens unless the address
 * names another (`?tab=invoices`); opening the first takes the name out of the address again.
 */
export function TabbedPage({ title, summary, tabs }: { title: string; summary: ReactNode; tabs: Tab[] }) {
  const [search, setSearch] = useSearchParams();
  const first = tabs[0]?.value;
  const named = search.get(tabParameter);
  const open = tabs.some((tab) => tab.value === named) ? named : first;
  const openTab = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === first) next.delete(tabParameter);
    else next.set(tabParameter, value);
    setSearch(next, { replace: true });
  };
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">{title}</h1>
      {summary}
      <Tabs value={open ?? undefined} onValueChange={openTab} className="grid gap-4">
        <TabsList aria-label={title} className="w-fit max-w-full overflow-x-auto">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
