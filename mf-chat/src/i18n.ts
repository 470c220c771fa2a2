import { registerTranslations } from '@khela/web';

export const en = {
  title: 'Support chat',
  opening: 'Connecting you to support...',
  openFailed: 'Could not open the support chat.',
  list: { title: 'Chats', empty: 'No Data', newChat: 'Chat with support', noMessages: 'No messages yet', unread: '{{count}} unread' },
  box: {
    placeholder: 'Type a message',
    send: 'Send',
    you: 'You',
    support: 'Support',
    forbidden: 'This chat is not yours.',
    notFound: 'This chat does not exist.',
    loadFailed: 'Could not load messages.',
    sendFailed: 'Your message was not sent. Please try again.',
    back: 'Back to chats',
    messages: 'Messages',
  },
};

export const bn: typeof en = {
  title: 'সাপোর্ট চ্যাট',
  opening: 'সাপোর্টের সাথে সংযোগ করা হচ্ছে...',
  openFailed: 'সাপোর্ট চ্যাট খোলা যায়নি।',
  list: {
    title: 'চ্যাট',
    empty: 'কোনো তথ্য নেই',
    newChat: 'সাপোর্টের সাথে চ্যাট করুন',
    noMessages: 'এখনো কোনো বার্তা নেই',
    unread: '{{count}}টি অপঠিত',
  },
  box: {
    placeholder: 'একটি বার্তা লিখুন',
    send: 'পাঠান',
    you: 'আপনি',
    support: 'সাপোর্ট',
    forbidden: 'এই চ্যাটটি আপনার নয়।',
    notFound: 'এই চ্যাটটির কোনো অস্তিত্ব নেই।',
    loadFailed: 'বার্তাগুলো লোড করা যায়নি।',
    sendFailed: 'আপনার বার্তা পাঠানো যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',
    back: 'চ্যাটের তালিকায় ফিরে যান',
    messages: 'বার্তাসমূহ',
  },
};

registerTranslations('chat', { en, bn });
