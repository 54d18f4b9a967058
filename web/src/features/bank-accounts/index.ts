export { BankAccountsScreen } from './components/bank-accounts-screen';
