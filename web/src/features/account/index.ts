export { AccountLayout } from './components/account-layout';
export { AccountOverview } from './components/account-overview';
export { ChangePinScreen } from './components/change-pin-screen';
export { LanguageScreen } from './components/language-screen';
export { ManageSessionScreen } from './components/manage-session-screen';
export { PrivacyScreen } from './components/privacy-screen';
export { ProfileScreen } from './components/profile-screen';
export { VerificationScreen } from './components/verification-screen';
