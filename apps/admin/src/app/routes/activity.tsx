/** The Activity page, as the router loads it: the audit feature's page. */
import { ActivityPage } from '../../features/audit/components/activity-page.js';

export const ActivityRoute = ActivityPage;
