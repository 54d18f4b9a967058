export { MarginScreen } from './components/margin-screen';
