// @vitest-environment happy-dom
import './dom-setup.js';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Input,
  Label,
  Sheet,
  SheetContent,
  SheetTitle,
  SheetTrigger,
} from '../src/index.js';

function AddUserDialog() {
  return (
    <>
      <button type="button">Before</button>
      <Dialog>
        <DialogTrigger asChild>
          <Button>Add User</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add User</DialogTitle>
            <DialogDescription>Create a new user account.</DialogDescription>
          </DialogHeader>
          <Label htmlFor="email">Email</Label>
          <Input id="email" type="email" />
          <DialogFooter>
            <Button type="submit">Create User</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <button type="button">After</button>
    </>
  );
}

describe('Dialog', () => {
  it('opens from the keyboard, named by its title and described by its description', async () => {
    const user = userEvent.setup();
    render(<AddUserDialog />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add User' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    expect(dialog).toHaveAccessibleDescription('Create a new user account.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('traps focus: Tab and Shift+Tab cycle inside and never reach the page behind', async () => {
    const user = userEvent.setup();
    render(<AddUserDialog />);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let step = 0; step < 6; step += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes with Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<AddUserDialog />);
    const opener = screen.getByRole('button', { name: 'Add User' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from its labelled close button', async () => {
    const user = userEvent.setup();
    render(<AddUserDialog />);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('AlertDialog', () => {
  function DeleteProduct() {
    return (
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">Delete Product</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Product</AlertDialogTitle>
            <AlertDialogDescription>This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  }

  it('is an alertdialog that starts on Cancel, so Enter never confirms by accident', async () => {
    const user = userEvent.setup();
    render(<DeleteProduct />);
    await user.click(screen.getByRole('button', { name: 'Delete Product' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete Product' })).toHaveAccessibleDescription(
      'This cannot be undone.',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('traps focus between its two buttons', async () => {
    const user = userEvent.setup();
    render(<DeleteProduct />);
    await user.click(screen.getByRole('button', { name: 'Delete Product' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});

describe('Sheet (the mobile menu)', () => {
  it('is a named dialog with the same focus trap and Escape', async () => {
    const user = userEvent.setup();
    render(
      <Sheet>
        <SheetTrigger asChild>
          <Button size="icon" aria-label="Open menu">
            ≡
          </Button>
        </SheetTrigger>
        <SheetContent aria-describedby={undefined}>
          <SheetTitle>Menu</SheetTitle>
          <a href="/catalog">Products</a>
        </SheetContent>
      </Sheet>,
    );
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Menu' });
    for (let step = 0; step < 4; step += 1) {
      await user.tab();
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
