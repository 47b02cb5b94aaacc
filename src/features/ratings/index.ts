export { VideoRatings } from './components/VideoRatings';
