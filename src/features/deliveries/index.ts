export { CategoryTemplates } from './components/CategoryTemplates';
export { ListSends } from './components/SendHistory';
