export { SendReportView } from './components/SendReportView';
export { LatestSends } from './components/LatestSends';
export { SendingDomainView } from './components/SendingDomainView';
export { NewsletterView } from './components/NewsletterView';
