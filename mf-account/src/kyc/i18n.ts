import { registerTranslations } from '@khela/web';

/** The identity check on /profile (issue 32), its own namespace 'kyc'. */
export const en = {
  title: 'Identity verification',
  intro: 'Upload both sides of your national ID card (NID) and a selfie. Our team checks them; large withdrawals need a verified identity.',
  status: {
    none: 'Not verified',
    pending: 'Under review',
    verified: 'Verified',
    rejected: 'Not approved',
    resubmit: 'New document needed',
  },
  kinds: {
    nid_front: 'NID front',
    nid_back: 'NID back',
    selfie: 'Selfie',
  },
  uploaded: 'Uploaded {{time}} (GMT+6)',
  needed: 'Needed',
  takePhoto: 'Take photo',
  chooseFile: 'Choose file',
  uploading: 'Uploading…',
  hint: 'JPEG, PNG or WebP, at most {{mb}} MB. The whole card, readable, no glare. Photo data such as location is removed.',
  pendingText: 'Thank you. We are checking your documents; you will get a message when it is done.',
  verifiedText: 'Your identity is verified. Your date of birth comes from your NID and can no longer be changed.',
  rejectedText: 'Your documents were not approved.',
  resubmitText: 'Please upload a new photo of: {{kinds}}.',
  reason: 'Reason: {{reason}}',
  birthdayLocked: 'Verified from your NID: it can no longer be changed.',
  errors: {
    kyc_file_type: 'Upload a photo as JPEG, PNG or WebP.',
    kyc_file_size: 'The photo is too large (at most {{mb}} MB).',
    kyc_unreadable: 'This photo could not be read. Take it again or choose another file.',
    kyc_verified: 'Your identity is already verified.',
    kyc_no_file: 'Choose a photo to upload.',
    tooMany: 'Too many uploads. Please try again later.',
    failed: 'The upload failed. Please try again.',
  },
};

export const bn: typeof en = {
  title: 'পরিচয় যাচাই',
  intro: 'আপনার জাতীয় পরিচয়পত্রের (NID) দুই পাশ এবং একটি সেলফি আপলোড করুন। আমাদের টিম সেগুলো যাচাই করবে; বড় অঙ্কের উত্তোলনে যাচাইকৃত পরিচয় লাগে।',
  status: {
    none: 'যাচাই করা হয়নি',
    pending: 'যাচাই চলছে',
    verified: 'যাচাইকৃত',
    rejected: 'অনুমোদিত হয়নি',
    resubmit: 'নতুন ডকুমেন্ট দরকার',
  },
  kinds: {
    nid_front: 'NID-এর সামনের পাশ',
    nid_back: 'NID-এর পেছনের পাশ',
    selfie: 'সেলফি',
  },
  uploaded: 'আপলোড হয়েছে {{time}} (GMT+6)',
  needed: 'দরকার',
  takePhoto: 'ছবি তুলুন',
  chooseFile: 'ফাইল বেছে নিন',
  uploading: 'আপলোড হচ্ছে…',
  hint: 'JPEG, PNG বা WebP, সর্বোচ্চ {{mb}} MB। পুরো কার্ড, স্পষ্ট, আলোর ঝলক ছাড়া। ছবির অবস্থানসহ অন্যান্য তথ্য মুছে ফেলা হয়।',
  pendingText: 'ধন্যবাদ। আমরা আপনার ডকুমেন্ট যাচাই করছি; শেষ হলে আপনি একটি বার্তা পাবেন।',
  verifiedText: 'আপনার পরিচয় যাচাই করা হয়েছে। আপনার জন্ম তারিখ NID থেকে নেওয়া, এটি আর পরিবর্তন করা যাবে না।',
  rejectedText: 'আপনার ডকুমেন্ট অনুমোদিত হয়নি।',
  resubmitText: 'অনুগ্রহ করে নতুন ছবি আপলোড করুন: {{kinds}}।',
  reason: 'কারণ: {{reason}}',
  birthdayLocked: 'NID থেকে যাচাইকৃত: এটি আর পরিবর্তন করা যাবে না।',
  errors: {
    kyc_file_type: 'JPEG, PNG বা WebP ছবি আপলোড করুন।',
    kyc_file_size: 'ছবিটি খুব বড় (সর্বোচ্চ {{mb}} MB)।',
    kyc_unreadable: 'ছবিটি পড়া যায়নি। আবার তুলুন বা অন্য ফাইল বেছে নিন।',
    kyc_verified: 'আপনার পরিচয় ইতিমধ্যে যাচাই করা হয়েছে।',
    kyc_no_file: 'আপলোড করার জন্য একটি ছবি বেছে নিন।',
    tooMany: 'অনেকবার আপলোড করা হয়েছে। পরে আবার চেষ্টা করুন।',
    failed: 'আপলোড হয়নি। আবার চেষ্টা করুন।',
  },
};

registerTranslations('kyc', { en, bn });
