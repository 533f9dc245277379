import './posts.css';

export { LatestNews } from './LatestNews';
