/** Report Summary opened by link (spec 002 §2.4, route /auth/export): built in features/report-link. */
export { default } from '../report-link/ReportLinkPage.tsx';
