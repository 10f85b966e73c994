// The shop's one form pattern: <Form schema> runs react-hook-form with a contract schema from
// @trade-shop/contracts (contractResolver: the same messages the server sends, debounced while
// typing) and hands onSubmit the parsed payload. When onSubmit throws a problem from the API,
// its field errors go under their fields and the rest waits in <FormFailure> for the page to
// show. The connected fields below read their registration and error from the form by name.
import { createContext, useContext, useState, type FormHTMLAttributes, type ReactNode } from "react";
import {
  FormProvider,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import {
  CheckboxField,
  FieldErrorText,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
  TextAreaField,
} from "../ui/form-controls";
import { contractResolver } from "./contract-resolver";
import { showProblemOnForm } from "./problem-errors";

export type FormApi<TForm extends FieldValues, TPayload> = UseFormReturn<TForm, Mapping<TForm>, TPayload>;

export interface FormProps<TForm extends FieldValues, TPayload> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  "onSubmit" | "children" | "noValidate"
> {
  /** The contract schema the payload must satisfy. */
  schema: z.ZodType<TPayload>;
  defaultValues: DefaultValues<TForm>;
  /** Turns the form's values into what the schema checks (see contractResolver). */
  toPayload?: (form: TForm) => unknown;
  /** Field errors a whole-object refinement would only report once every field is valid. */
  alsoCheck?: (form: TForm) => Partial<Record<string, string>>;
  /**
   * Server field name -> form field, for the field errors of a problem onSubmit throws; by
   * default every field of defaultValues under its own name.
   */
  problemFields?: Readonly<Record<string, Path<TForm>>>;
  /**
   * What <FormFailure> shows when onSubmit throws a problem: what no field could show
   * (the default), or always the problem's own message, even when its fields are marked too,
   * or what no field could show and else the problem's own message (every failure says something).
   */
  failureShows?: "unplaced" | "always" | "unplaced-or-message";
  onSubmit: (payload: TPayload, form: FormApi<TForm, TPayload>) => unknown;
  children: ReactNode | ((form: FormApi<TForm, TPayload>) => ReactNode);
}

interface Mapping<TForm> {
  toPayload?: ((form: TForm) => unknown) | undefined;
  alsoCheck?: ((form: TForm) => Partial<Record<string, string>>) | undefined;
}

function contextualResolver<TForm extends FieldValues, TPayload>(
  schema: z.ZodType<TPayload>,
): Resolver<TForm, Mapping<TForm>, TPayload> {
  let mapping: Mapping<TForm> = {};
  const validate = contractResolver<TForm, TPayload>(
    schema,
    (form) => (mapping.toPayload ? mapping.toPayload(form) : form),
    {
      alsoCheck: (form) => mapping.alsoCheck?.(form) ?? {},
    },
  );
  return (values, context, options) => {
    mapping = context ?? {};
    return validate(values, undefined, options);
  };
}

const FailureContext = createContext<string | null>(null);

/** Thrown by onSubmit for a refusal found in a successful answer (`success: false`): shown in <FormFailure>. */
export class SubmitRefused extends Error {}

function sameNames<TForm extends FieldValues>(values: DefaultValues<TForm>): Record<string, Path<TForm>> {
  return Object.fromEntries(Object.keys(values).map((name) => [name, name as Path<TForm>]));
}

export function Form<TForm extends FieldValues, TPayload>({
  schema,
  defaultValues,
  toPayload,
  alsoCheck,
  problemFields,
  failureShows = "unplaced",
  onSubmit,
  children,
  ...formAttributes
}: FormProps<TForm, TPayload>) {
  // The resolver is made once (it keeps the debounce timer). The mapping functions reach it as
  // react-hook-form's resolver context, current on every render, so a page may pass closures
  // over data that loads later.
  const [resolver] = useState(() => contextualResolver<TForm, TPayload>(schema));
  const form = useForm<TForm, Mapping<TForm>, TPayload>({
    resolver,
    context: { toPayload, alsoCheck },
    mode: "onTouched",
    defaultValues,
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (payload) => {
    setFailure(null);
    try {
      await onSubmit(payload, form);
    } catch (error) {
      if (error instanceof SubmitRefused) return setFailure(error.message);
      const unplaced = showProblemOnForm(error, form.setError, problemFields ?? sameNames(defaultValues));
      const message = (error as Error).message;
      setFailure(
        failureShows === "always"
          ? message
          : failureShows === "unplaced-or-message"
            ? (unplaced ?? message)
            : unplaced,
      );
    }
  });

  return (
    <FormProvider {...form}>
      <FailureContext.Provider value={failure}>
        <form noValidate onSubmit={submit} {...formAttributes}>
          {typeof children === "function" ? children(form) : children}
        </form>
      </FailureContext.Provider>
    </FormProvider>
  );
}

/** The message of the last failed submit (see failureShows), null after a success or a new attempt. */
export function useFormFailure(): string | null {
  return useContext(FailureContext);
}

/** The last failed submit's message in an alert with this title; nothing otherwise. */
export function FormFailure({ title }: { title: string }) {
  const failure = useFormFailure();
  return failure ? <FormAlert title={title}>{failure}</FormAlert> : null;
}

/** A field's error (the shop's forms are flat: one level of names). */
function useFieldError(name: string): FieldError | undefined {
  return useFormContext().formState.errors[name] as FieldError | undefined;
}

/** The field's registration and its error. */
function useField(name: string) {
  const { register } = useFormContext();
  return { registration: register(name), error: useFieldError(name) };
}

type FieldProps<P> = Omit<P, "registration" | "error"> & { name: string };

export function FormTextField({ name, ...props }: FieldProps<Parameters<typeof TextField>[0]>) {
  return <TextField {...props} {...useField(name)} />;
}

export function FormPasswordField({ name, ...props }: FieldProps<Parameters<typeof PasswordField>[0]>) {
  return <PasswordField {...props} {...useField(name)} />;
}

export function FormTextAreaField({ name, ...props }: FieldProps<Parameters<typeof TextAreaField>[0]>) {
  return <TextAreaField {...props} {...useField(name)} />;
}

export function FormCheckboxField({ name, ...props }: FieldProps<Parameters<typeof CheckboxField>[0]>) {
  return <CheckboxField {...props} {...useField(name)} />;
}

/** The error of a field the page draws itself (a radio group, a checkbox group). */
export function FormFieldError({ name, id }: { name: string; id: string }) {
  return <FieldErrorText id={id} error={useFieldError(name)} />;
}

/** The submit button, busy while onSubmit runs. */
export function FormSubmit(props: Omit<Parameters<typeof SubmitButton>[0], "busy"> & { busy?: boolean }) {
  const { formState } = useFormContext();
  return <SubmitButton {...props} busy={props.busy ?? formState.isSubmitting} />;
}
