export { BalanceButton } from './components/balance-button';
export { BalanceScreen } from './components/balance-screen';
export { HistoryScreen } from './components/history-screen';
export { SandboxPayScreen } from './components/sandbox-pay-screen';
export { TopupScreen } from './components/topup-screen';
export { CashoutScreen } from './components/cashout-screen';
export { BalanceCard } from './components/balance-card';
