import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { TradePanel } from '../lib/types';

export interface PanelTabsProps {
  label: string;
  panels: TradePanel[];
  /** The panels' area: a fixed height keeps the page still when a tab's content arrives (CLS). */
  panelSx?: SxProps<Theme>;
}

/**
 * Tabs over panels that all stay mounted (only the chosen one shows), so a chart keeps its view and a
 * live panel keeps its stream while another tab is open.
 */
export function PanelTabs({ label, panels, panelSx }: PanelTabsProps) {
  const baseId = useId();
  const [chosen, setChosen] = useState(panels[0]?.id ?? '');
  const current = panels.some((panel) => panel.id === chosen) ? chosen : (panels[0]?.id ?? '');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs
        value={current}
        onChange={(_, id: string) => setChosen(id)}
        aria-label={label}
        variant="scrollable"
        scrollButtons={false}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1, minHeight: 44 }}
      >
        {panels.map((panel) => (
          <Tab
            key={panel.id}
            value={panel.id}
            label={panel.label}
            id={`${baseId}-tab-${panel.id}`}
            aria-controls={`${baseId}-panel-${panel.id}`}
            sx={{ minHeight: 44, minWidth: 0, px: 1.5 }}
          />
        ))}
      </Tabs>
      {panels.map((panel) => (
        <Box
          key={panel.id}
          role="tabpanel"
          id={`${baseId}-panel-${panel.id}`}
          aria-labelledby={`${baseId}-tab-${panel.id}`}
          hidden={panel.id !== current}
          sx={[{ minWidth: 0, overflowY: 'auto' }, ...(Array.isArray(panelSx) ? panelSx : [panelSx])]}
        >
          {panel.content}
        </Box>
      ))}
    </Box>
  );
}
