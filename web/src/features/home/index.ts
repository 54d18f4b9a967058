export { HomeScreen } from './components/home-screen';
