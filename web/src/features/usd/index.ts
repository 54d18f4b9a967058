export { UsdScreen } from './components/usd-screen';
