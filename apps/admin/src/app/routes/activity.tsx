import { ActivityPage } from '../../features/audit/components/activity-page.js';

export const ActivityRoute = ActivityPage;
