export { HomeScreen } from './components/home-screen';
export { HomeDashboard, type HomeDashboardProps } from './components/home-dashboard';
