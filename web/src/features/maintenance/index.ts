export { MaintenanceScreen } from './components/maintenance-screen';
