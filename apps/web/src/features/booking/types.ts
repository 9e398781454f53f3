// What the booking screens show about the agent, whichever answer it came from (the public profile, the
// agent inside a property answer, or the fallback of spec §8).
import { DEFAULT_PRIMARY_COLOR, FALLBACK_AGENT_NAME } from '@keyturn/domain/constants';
import type { PropertyAgent, PublicAgent, PublicTeam } from '@keyturn/domain/schemas/publicBooking';
import { safeColor } from './format';

export interface DisplayAgent {
  id: string | null;
  /** The agent's current username (links carry it); null when unknown (the fallback agent). */
  username: string | null;
  name: string;
  companyName: string | null;
  logoUrl: string | null;
  profilePictureUrl: string | null;
  primaryColor: string;
  /** IANA zone of the agent's wall-clock slots; null when unknown (the fallback agent). */
  timeZone: string | null;
  /** A team (issue 29): not a person — where its consultations happen (an address, or phone/video). */
  team?: { place: string; inPerson: boolean };
}

/** Shown when the public agent fetch fails (spec §7, §8). */
export function fallbackAgent(id: string | null): DisplayAgent {
  return {
    id,
    username: null,
    name: FALLBACK_AGENT_NAME,
    companyName: null,
    logoUrl: null,
    profilePictureUrl: null,
    primaryColor: DEFAULT_PRIMARY_COLOR,
    timeZone: null,
  };
}

export function fromPublicAgent(agent: PublicAgent): DisplayAgent {
  return display(agent.id, `${agent.first_name} ${agent.last_name}`, agent);
}

export function fromPropertyAgent(agent: PropertyAgent): DisplayAgent {
  return display(agent.id, agent.name || `${agent.first_name} ${agent.last_name}`, agent);
}

function display(
  id: string,
  name: string,
  agent: Pick<
    PublicAgent,
    'username' | 'companyName' | 'logoUrl' | 'profilePictureUrl' | 'primaryColor' | 'timeZone'
  >,
): DisplayAgent {
  return {
    id,
    username: agent.username || null,
    name: name.trim() || FALLBACK_AGENT_NAME,
    companyName: agent.companyName?.trim() || null,
    logoUrl: agent.logoUrl || null,
    profilePictureUrl: agent.profilePictureUrl || null,
    primaryColor: safeColor(agent.primaryColor, DEFAULT_PRIMARY_COLOR),
    timeZone: agent.timeZone || null,
  };
}

/** A team as the page's "agent" (issue 15): its name, logo and colour, on the team's clock. */
export function fromTeam(team: PublicTeam): DisplayAgent {
  return {
    id: null,
    username: null,
    name: team.name,
    companyName: team.name,
    logoUrl: team.logo || null,
    profilePictureUrl: null,
    primaryColor: safeColor(team.color, DEFAULT_PRIMARY_COLOR),
    timeZone: team.time_zone,
    team: {
      place: team.consultation.text,
      inPerson: team.consultation.place === 'office' && Boolean(team.consultation.address),
    },
  };
}

/** An agent under their team's branding (a team's link to one of its properties). */
export function withTeamBrand(agent: DisplayAgent, team: PublicTeam): DisplayAgent {
  return {
    ...agent,
    companyName: team.name,
    logoUrl: team.logo || agent.logoUrl,
    primaryColor: safeColor(team.color, agent.primaryColor),
  };
}
