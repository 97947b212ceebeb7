import { PROFILE_PICTURE_MAX_BYTES, messageSchema, type Profile, personName } from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../components/ui/Avatar';
import { Banner } from '../../components/ui/Banner';
import { cardClass } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import { pictureUrl } from '../../lib/profile-picture';
import { queryKeys } from '../../lib/queries';
import { uploadForm } from '../../lib/upload';

/**
 * The picture (spec: updatepic, sent as soon as a file is chosen): checked for size here, by
 * content on the server, with the upload's progress shown.
 */
export function ProfilePicture({ profile, version }: { profile: Profile; version: number }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('profilePic', file);
      setProgress(0);
      return uploadForm('/api/v1/profile/picture', form, messageSchema, setProgress);
    },
    onSettled: () => setProgress(null),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setTooLarge(file.size > PROFILE_PICTURE_MAX_BYTES);
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return;
    upload.mutate(file);
  };
  const name = personName(profile);
  return (
    <section aria-label="Your picture" className={`${cardClass} flex flex-wrap items-center gap-5`}>
      <Avatar src={pictureUrl(profile, version)} name={name} size="lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-lg font-bold">{name}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{profile.plan} plan</p>
        <div>
          <input
            ref={inputRef}
            id="profile-picture"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-describedby={hintId}
            onChange={onChoose}
            disabled={upload.isPending}
          />
          <label
            htmlFor="profile-picture"
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-brand-700 px-4 font-semibold text-brand-700 hover:bg-brand-50 has-[:focus-visible]:outline-2 dark:border-brand-600 dark:text-brand-50 dark:hover:bg-slate-800"
          >
            <Camera aria-hidden="true" className="h-5 w-5" />
            {profile.hasPicture ? 'Change picture' : 'Add a picture'}
          </label>
          <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            JPEG, PNG or WebP, up to {PROFILE_PICTURE_MAX_BYTES / 1024 / 1024} MB. It is sent as
            soon as you choose it.
          </p>
        </div>
        {progress !== null && (
          <progress
            value={progress}
            max={100}
            aria-label="Uploading your picture"
            className="h-2 w-full max-w-xs accent-brand-700"
          />
        )}
        {tooLarge && (
          <Banner tone="error">
            That file is larger than {PROFILE_PICTURE_MAX_BYTES / 1024 / 1024} MB.
          </Banner>
        )}
        {upload.isError && (
          <Banner tone="error">{errorMessage(upload.error, 'Something went wrong')}</Banner>
        )}
        {upload.isSuccess && <Banner tone="success">Your picture has been updated.</Banner>}
      </div>
    </section>
  );
}
