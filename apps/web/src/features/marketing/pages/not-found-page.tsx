// Any other path (the spec's route table: "shows the landing page"; issue 39): the landing page with a one-line
// notice that the address was not found. The server answers these addresses with HTTP 404 (domain appPaths.ts).
import { MESSAGES } from '@keyturn/domain/messages';
import { LandingPage } from './landing-page';

export function NotFoundPage() {
  return <LandingPage notice={MESSAGES.addressNotFound} />;
}
