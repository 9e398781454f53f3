// Issue 44 "Daily caps for the agent": at most N showings a day across all the agent's listings, on Settings →
// Availability. Buyers are then offered no time on a full day (the server enforces it).
import { DAILY_CAP_UI, dailyCapChoices, dailyCapLabel } from '@keyturn/domain/slots/agentDailyCap';
import type { AgentDailyCap } from '@keyturn/domain/schemas/agentDailyCap';
import { ChoiceSetting } from './choice-setting';

export function DailyCapSetting() {
  return (
    <ChoiceSetting
      queryKey={['daily-cap']}
      path="/agents/daily-cap"
      words={DAILY_CAP_UI}
      read={(data: AgentDailyCap) => data.max_showings_per_day}
      write={(cap) => ({ max_showings_per_day: cap })}
      options={(current) =>
        dailyCapChoices(current).map((cap) => ({
          value: cap === null ? 'none' : String(cap),
          label: dailyCapLabel(cap),
          choice: cap,
        }))
      }
    />
  );
}
