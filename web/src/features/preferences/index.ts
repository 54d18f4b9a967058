export { FeedbackDialog } from './components/feedback-dialog';
export { LanguageScreen } from './components/language-screen';
export { NotificationScreen } from './components/notification-screen';
