import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/ui';
import type { ReactNode } from 'react';

interface Tab {
  value: string;
  label: string;
  content: ReactNode;
}

/** An admin page: its title, a summary, and tabs named after the page; the first tab opens first. */
export function TabbedPage({ title, summary, tabs }: { title: string; summary: ReactNode; tabs: Tab[] }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">{title}</h1>
      {summary}
      <Tabs defaultValue={tabs[0]?.value} className="grid gap-4">
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
